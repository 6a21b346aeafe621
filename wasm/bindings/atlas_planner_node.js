// Node's door to the planner module (tests, bench, scripts): require(this)() → the module, as
// atlas_engine_node.js is for the core module (the .wasm is read here; see there why).
'use strict';
const { readFileSync } = require('fs');
const { join } = require('path');
const createAtlasPlanner = require('./atlas_planner.js');

module.exports = function createNodePlanner(options = {}) {
  return createAtlasPlanner({ wasmBinary: readFileSync(join(__dirname, 'atlas_planner.wasm')), ...options });
};
