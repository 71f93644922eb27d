// eval is absent with a clear error.
return eval('1 + 1');
