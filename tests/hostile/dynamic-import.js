// Dynamic import of a host module is refused.
const fs = await import('fs');
return typeof fs.readFileSync;
