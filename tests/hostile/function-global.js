// The Function constructor is absent with a clear error.
return Function('return 1')();
