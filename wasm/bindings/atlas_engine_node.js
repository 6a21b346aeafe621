// Node's door to the engine build (tests, bench, scripts): require(this)() → the module.
// Emscripten 3.1.6's glue fetch()es its .wasm whenever fetch exists, which node 20 refuses for
// a file path, so the bytes are read here and handed over. Options pass through.
'use strict';
const { readFileSync } = require('fs');
const { join } = require('path');
const createAtlasEngine = require('./atlas_engine.js');

module.exports = function createNodeEngine(options = {}) {
  return createAtlasEngine({ wasmBinary: readFileSync(join(__dirname, 'atlas_engine.wasm')), ...options });
};
