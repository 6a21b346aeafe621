// The course package's extra script (scripts/lib/scorm.mjs adds it to the packaged pages only):
// connects to the LMS at once, before the check question can be answered. Outside an LMS it
// finds no API and does nothing.
import { connectScorm12 } from './scorm12.js';

connectScorm12(window);
