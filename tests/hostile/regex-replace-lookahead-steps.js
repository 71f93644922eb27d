// Every position's lookahead reads the rest of the subject: the matches' work adds up.
return 'ab'.repeat(30000).replace(/(?=(?:ab|a)*$)/g, '-').length;
