// require is absent.
const fs = require('fs');
return fs.readFileSync('/etc/passwd', 'utf8');
