// An import declaration cannot appear in a program body.
import fs from 'fs';
return typeof fs;
