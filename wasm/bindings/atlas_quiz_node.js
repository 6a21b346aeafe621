// Node's door to the quiz module (tests, bench, scripts): require(this)() → the module, as
// atlas_engine_node.js is for the core module (the .wasm is read here; see there why).
'use strict';
const { readFileSync } = require('fs');
const { join } = require('path');
const createAtlasQuiz = require('./atlas_quiz.js');

module.exports = function createNodeQuiz(options = {}) {
  return createAtlasQuiz({ wasmBinary: readFileSync(join(__dirname, 'atlas_quiz.wasm')), ...options });
};
