// A result larger than --max-output-bytes is truncated, not failed.
return 'y'.repeat(1000000);
