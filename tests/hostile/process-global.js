// There is no process object to reach the host through.
return process.env;
