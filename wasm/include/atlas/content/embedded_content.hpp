// Content files compiled into the engine (content/presets/*.json), so presets need no I/O.
#pragma once

#include <cstddef>

namespace atlas {

struct EmbeddedFile {
  const char* name;  // file name, e.g. "models.json"; nullptr ends the table
  const char* data;  // bytes, NUL-terminated
  std::size_t size;  // without the terminator
};

/// The table of embedded files, ending with a {nullptr, nullptr, 0} entry.
const EmbeddedFile* embedded_files();

}  // namespace atlas
