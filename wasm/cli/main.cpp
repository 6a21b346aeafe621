// atlas <command> [FILE|-] — reads a JSON request from FILE or stdin, prints the response.
// Exit status: 0 success, 2 request error (the error JSON is still printed), 1 usage or I/O.
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "atlas/contract/engine.hpp"

namespace {

void usage(std::ostream& out) {
  out << "usage: atlas <command> [FILE|-]\n  commands:";
  for (const auto& name : atlas::command_names()) out << ' ' << name;
  out << "\n  The request is JSON read from FILE, or from stdin when FILE is '-' or absent.\n"
         "  'atlas version' needs no request.\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    usage(std::cerr);
    return 1;
  }
  const std::string command = argv[1];
  if (command == "-h" || command == "--help") {
    usage(std::cout);
    return 0;
  }
  const std::string source = argc == 3 ? argv[2] : "-";

  std::string request;
  if (command == "version" && argc == 2) {
    request = "{}";
  } else if (source == "-") {
    request.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream in(source, std::ios::binary);
    if (!in) {
      std::cerr << "atlas: cannot read " << source << "\n";
      return 1;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    request = buffer.str();
  }
  const std::string response = atlas::run_text(command, request);
  std::cout << response << '\n';
  return atlas::is_error(atlas::json::parse(response)) ? 2 : 0;
}
