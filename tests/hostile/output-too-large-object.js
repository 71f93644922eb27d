// A large structured result is truncated too.
return Array.from({ length: 100000 }, (_, i) => ({ i, name: 'item ' + i }));
