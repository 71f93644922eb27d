// A million console.log lines: the run succeeds and the retained logs are cut at --max-output-bytes.
for (let i = 0; i < 1000000; i++) console.log('line', i, 'of the flood');
return 'done';
