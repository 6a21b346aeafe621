// The only Emscripten-aware file: exposes the engine's JSON contract to JavaScript.
// run_text never throws, so nothing escapes into JS as a bare exception pointer.
#include <emscripten/bind.h>

#include <string>

#include "atlas/contract/engine.hpp"

namespace {

std::string call(const std::string& command, const std::string& request) { return atlas::run_text(command, request); }

}  // namespace

EMSCRIPTEN_BINDINGS(atlas_engine) { emscripten::function("call", &call); }
