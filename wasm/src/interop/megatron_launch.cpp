// The GPU count of a launch script. Nodes and GPUs per node are read apart, each from the most
// specific place that gives it: the launcher's own options (torchrun --nnodes /
// --nproc-per-node, deepspeed --num_nodes / --num_gpus), then srun's, then #SBATCH, then the
// script's variables. Where two places give different totals, the one used is said in a warning.
#include "megatron_launch.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace atlas {

namespace {

struct Count {
  std::int64_t value = 0;
  int line = 0;
  std::string from;
  std::string defaulted;  // "${NNODES:-1}": the value is an unset variable's default
};

std::optional<Count> first_of(std::initializer_list<std::optional<Count>> list) {
  for (const auto& c : list)
    if (c) return c;
  return std::nullopt;
}

std::string base(const std::string& s) {
  const auto slash = s.find_last_of('/');
  return slash == std::string::npos ? s : s.substr(slash + 1);
}

std::optional<std::int64_t> whole(const std::string& s) {
  if (s.empty() || s.size() > 9 ||
      !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  const std::int64_t v = std::stoll(s);
  return v >= 1 ? std::optional<std::int64_t>(v) : std::nullopt;
}

// Commands that never run the training program: their words are not flags of it.
const std::set<std::string> kNotTraining = {"echo",   "printf",     "mkdir",
                                            "cd",     "rm",         "cp",
                                            "mv",     "ln",         "cat",
                                            "tee",    "touch",      "sleep",
                                            "sed",    "awk",        "grep",
                                            "ls",     "chmod",      "pip",
                                            "pip3",   "git",        "wget",
                                            "curl",   "nvidia-smi", "scontrol",
                                            "module", "conda",      "set",
                                            "ulimit", "wait",       "exit",
                                            "return", "shift",      "trap",
                                            "unset",  "hostname",   "date",
                                            "squeue", "scancel",    "huggingface-cli",
                                            "cmake",  "make",       "clear",
                                            "perl"};

class Launch {
 public:
  Launch(const Pasted& text, RunFacts& facts) : text_(text), facts_(facts) {}

  void command(const ShellCommand& c, std::vector<LaunchedProgram>& out) {
    const auto& w = c.words;
    std::size_t k = 0;
    LaunchedProgram p;
    while (k < w.size()) {
      const std::string name = base(w[k].text);
      if (kNotTraining.count(name)) return;
      // `bash train.sh` / `./train.sh`: the flags are in a script that is not in the text.
      const bool shell = name == "bash" || name == "sh";
      const std::string& file = shell && k + 1 < w.size() ? w[k + 1].text : w[k].text;
      if ((shell || k == 0) && file.size() > 3 && file.compare(file.size() - 3, 3, ".sh") == 0) {
        facts_.ignore(file, file, "another script runs the training; paste it beside this one to read its flags",
                      w[k].line);
        return;
      }
      if (name == "srun") {
        k = options(w, k + 1,
                    {"-l", "--label", "--exclusive", "-u", "--unbuffered", "--overlap", "--pty", "-K", "-Q", "--quiet",
                     "-v", "--verbose", "--container-remap-root", "--no-container-mount-home",
                     "--no-container-remap-root", "--container-writable", "--no-container-entrypoint"},
                    "srun", srun_);
        srun_program_ = k < w.size() ? base(w[k].text) : "";
        continue;
      }
      if (name == "sbatch") {  // sbatch --nodes=N job.sh: the directives given on its command line
        Options given;
        k = options(w, k + 1, {"--exclusive", "-Q", "--quiet", "-v", "--wait", "-W"}, "sbatch", given);
        for (auto& [opt, g] : given) sbatch_[opt == "-N" ? "--nodes" : opt == "-n" ? "--ntasks" : opt] = g;
        return;
      }
      if (name == "mpirun" || name == "mpiexec") {
        k = options(w, k + 1, {"--allow-run-as-root", "--oversubscribe", "--tag-output", "--report-bindings", "-v"},
                    name, mpi_);
        continue;
      }
      if (name == "torchrun" || name == "deepspeed") {
        p.deepspeed = name == "deepspeed";
        if (p.deepspeed && !deepspeed_line_) deepspeed_line_ = w[k].line;
        k = options(
            w, k + 1,
            {"--standalone", "--no_python", "--no-python", "--run_path", "--use_env", "--use-env", "-m", "--module",
             "--force_multi", "--no_local_rank", "--no_ssh_check", "--save_pid", "--bind_cores_to_rank"},
            name, launcher_);
        break;
      }
      if (name.rfind("python", 0) == 0) {
        ++k;
        while (k < w.size() && w[k].text.size() > 1 && w[k].text[0] == '-' && w[k].text != "-m") {
          if (w[k].text == "-c") return;  // python -c "…": a one-liner, not the training program
          ++k;
        }
        if (k + 1 < w.size() && w[k].text == "-m") {
          const std::string module = w[k + 1].text;
          k += 2;
          if (module == "torch.distributed.launch" || module == "torch.distributed.run")
            k = options(w, k, {"--use_env", "--use-env", "--standalone", "--no_python", "--module", "-m"},
                        "python -m " + module, launcher_);
        }
        break;
      }
      if (name == "env" || name == "numactl" || name == "time" || name == "nohup" || name == "exec") {
        for (++k; k < w.size() && (w[k].text[0] == '-' || w[k].text.find('=') != std::string::npos); ++k) {
        }
        continue;
      }
      break;
    }
    for (; k < w.size(); ++k) p.arguments.push_back(&w[k]);
    if (!p.arguments.empty()) out.push_back(std::move(p));
  }

  void settle(const ShellScript& script);

 private:
  struct Given {
    std::string value;
    int line = 0;
    std::string from;
    std::string defaulted;
  };
  using Options = std::map<std::string, Given>;

  // A launcher's options up to its program; what they say is kept by long name.
  std::size_t options(const std::vector<ShellWord>& w, std::size_t k, std::initializer_list<const char*> booleans,
                      const std::string& who, Options& into) {
    while (k < w.size() && w[k].text.size() > 1 && w[k].text[0] == '-') {
      std::string name = w[k].text, value;
      const int line = w[k].line;
      const ShellWord* source = &w[k];
      if (name == "--") return k + 1;
      if (const auto eq = name.find('='); eq != std::string::npos) {
        value = name.substr(eq + 1), name.resize(eq), ++k;
      } else if (std::find(booleans.begin(), booleans.end(), name) != booleans.end()) {
        ++k;
        continue;
      } else if (name.size() > 2 && name[1] != '-' && std::isdigit(static_cast<unsigned char>(name[2]))) {
        value = name.substr(2), name.resize(2), ++k;  // srun -N4
      } else if (k + 1 < w.size()) {
        source = &w[k + 1], value = w[k + 1].text, k += 2;
        if (name == "--mca" || name == "-mca") ++k;  // mpirun --mca NAME VALUE
      } else {
        ++k;
      }
      const std::string written = name;  // as the script spells it, for messages
      for (char& c : name)
        if (c == '_') c = '-';
      if (!source->undefined.empty() && is_count(name)) {
        text_.warning("undefined_variable",
                      who + " " + written + " is " + source->raw + ", and " + why_unknown(source->undefined[0]) +
                          "; the GPU count is read from elsewhere.",
                      line);
        continue;
      }
      into[name] = Given{value, line, who + " " + written, source->defaulted.empty() ? "" : source->defaulted[0]};
    }
    return k;
  }
  static bool is_count(const std::string& n) {
    return n == "--nnodes" || n == "--nproc-per-node" || n == "--num-gpus" || n == "--num-nodes" || n == "-N" ||
           n == "--nodes" || n == "-n" || n == "--ntasks" || n == "--ntasks-per-node" || n == "--gpus-per-node" ||
           n == "-np" || n == "--include";
  }

  std::optional<Count> get(const Options& o, std::initializer_list<const char*> names) {
    for (const char* n : names) {
      const auto it = o.find(n);
      if (it == o.end()) continue;
      const std::string& value = it->second.value;
      Count c{0, it->second.line, it->second.from, it->second.defaulted};
      if (const auto v = whole(value)) {
        c.value = *v;
        return c;
      }
      if (std::string(n) == "--nnodes" && value.find(':') != std::string::npos) {  // elastic min:max
        const auto lo = whole(value.substr(0, value.find(':'))), hi = whole(value.substr(value.find(':') + 1));
        if (lo && hi) {
          if (*lo != *hi)
            text_.warning(
                "elastic_nodes",
                c.from + " " + value + " is a range: the most nodes, " + std::to_string(*hi) + ", are counted.",
                c.line);
          c.value = *hi;
          return c;
        }
      }
      if (std::string(n) == "--include") {  // deepspeed --include host:0,1,2,3@host2:0,1
        std::int64_t n_gpus = 0;
        for (std::size_t at = 0; at <= value.size();) {
          const auto end = std::min(value.find('@', at), value.size());
          const std::string host = value.substr(at, end - at);
          const auto colon = host.find(':');
          if (colon != std::string::npos) n_gpus += 1 + std::count(host.begin(), host.end(), ',');
          at = end + 1;
        }
        if (n_gpus > 0) return Count{n_gpus, c.line, c.from, c.defaulted};
      }
      text_.warning("unsupported_value",
                    c.from + " is \"" + value +
                        "\", not a number of GPUs or nodes; "
                        "the GPU count is read from elsewhere.",
                    c.line);
    }
    return std::nullopt;
  }

  const Pasted& text_;
  RunFacts& facts_;
  Options launcher_, srun_, mpi_, sbatch_;
  std::string srun_program_;
  int deepspeed_line_ = 0;  // the first deepspeed launcher, for its warning
};

void Launch::settle(const ShellScript& script) {
  for (const auto& d : script.sbatch)
    for (const auto& [name, value] : sbatch_options(d)) {
      std::string v = value;
      if (name == "gres" && value.rfind("gpu:", 0) == 0) v = value.substr(value.find_last_of(':') + 1);
      sbatch_["--" + name] = Given{v, d.line, "#SBATCH --" + name, ""};
    }
  auto variable = [&](std::initializer_list<const char*> names) -> std::optional<Count> {
    for (auto it = script.assignments.rbegin(); it != script.assignments.rend(); ++it)
      for (const char* n : names)
        if (it->name == n) {
          if (const auto v = whole(it->value)) return Count{*v, it->line, "the variable " + it->name, ""};
          return std::nullopt;
        }
    return std::nullopt;
  };
  const bool srun_launches =
      srun_program_ == "torchrun" || srun_program_ == "deepspeed" || srun_program_ == "bash" || srun_program_ == "sh";
  // Each place read once (a value that is no count is said once).
  const auto launcher_nodes = get(launcher_, {"--nnodes", "--num-nodes"});
  const auto launcher_gpus = get(launcher_, {"--nproc-per-node", "--num-gpus"});
  const auto include = get(launcher_, {"--include"});
  const auto srun_nodes = get(srun_, {"-N", "--nodes"});
  const auto srun_tasks = srun_launches ? std::nullopt : get(srun_, {"--ntasks-per-node"});
  const auto srun_gpus = get(srun_, {"--gpus-per-node"});
  const auto ranks =
      srun_launches ? get(mpi_, {"-np", "-n"}) : first_of({get(mpi_, {"-np", "-n"}), get(srun_, {"-n", "--ntasks"})});
  const auto sbatch_nodes = get(sbatch_, {"--nodes"});
  const auto sbatch_gpus = get(sbatch_, {"--gpus-per-node", "--gres"});
  const auto sbatch_tasks = srun_launches || launcher_gpus ? std::nullopt : get(sbatch_, {"--ntasks-per-node"});
  const auto var_nodes = variable({"NNODES", "NUM_NODES", "N_NODES", "NODES"});
  const auto var_gpus =
      variable({"GPUS_PER_NODE", "NPROC_PER_NODE", "NUM_GPUS_PER_NODE", "N_GPUS_PER_NODE", "NGPUS_PER_NODE"});
  const auto var_total = variable({"WORLD_SIZE", "NUM_GPUS", "TOTAL_GPUS", "N_GPUS", "GPUS"});
  const auto nodes = first_of({launcher_nodes, srun_nodes, sbatch_nodes, var_nodes});
  auto per_node = [&](const std::optional<Count>& g) -> std::optional<Count> {
    if (!g) return std::nullopt;
    // "torchrun --nproc-per-node × --nnodes" rather than naming the launcher twice.
    std::string from = g->from + " (one node)";
    if (nodes) {
      const auto cut = nodes->from.rfind(' ');
      const bool same = cut != std::string::npos && g->from.compare(0, cut + 1, nodes->from, 0, cut + 1) == 0;
      from = g->from + " × " + (same ? nodes->from.substr(cut + 1) : nodes->from);
    }
    return Count{times(nodes ? nodes->value : 1, g->value), g->line, from,
                 !g->defaulted.empty() ? g->defaulted
                 : nodes               ? nodes->defaulted
                                       : ""};
  };
  // The launcher's own count first, then explicit ranks, then Slurm's, then the variables.
  const std::optional<Count> chosen =
      first_of({per_node(launcher_gpus), ranks, include,
                per_node(first_of({srun_tasks, srun_gpus, sbatch_gpus, sbatch_tasks})), var_total, per_node(var_gpus)});
  if (!chosen) {
    if (deepspeed_line_)
      text_.warning("deepspeed_hosts",
                    "deepspeed without --num_gpus / --num_nodes runs on every GPU of its hosts (or its --hostfile), "
                    "which the text does not say; the GPU count is the request's or assumed.",
                    deepspeed_line_);
    return;
  }
  facts_.count(text_, chosen->line, facts_.gpus, "hardware.gpus", chosen->value, chosen->from);
  if (!chosen->defaulted.empty())
    text_.warning("default_used",
                  "the GPU count " + std::to_string(chosen->value) + " rests on " + chosen->defaulted +
                      ", a default: the variable is not set in the pasted text (a job may set it otherwise).",
                  chosen->line);
  // Any other complete count that disagrees is named, so a stale variable is seen.
  std::vector<Count> others;
  for (const auto& t : {ranks, var_total})
    if (t) others.push_back(*t);
  if (sbatch_nodes && first_of({sbatch_gpus, sbatch_tasks})) {
    const Count g = *first_of({sbatch_gpus, sbatch_tasks});
    others.push_back(Count{times(sbatch_nodes->value, g.value), g.line, "#SBATCH --nodes × " + g.from.substr(8), ""});
  }
  for (const auto& o : others)
    if (o.value != chosen->value) {
      text_.warning("gpus_disagree",
                    o.from + " gives " + std::to_string(o.value) + " GPUs, but " + chosen->from + " gives " +
                        std::to_string(chosen->value) + " (line " + std::to_string(chosen->line) + "), which is used.",
                    o.line);
      break;
    }
}

}  // namespace

std::vector<LaunchedProgram> read_launch(const ShellScript& script, const Pasted& text, RunFacts& facts) {
  Launch launch(text, facts);
  std::vector<LaunchedProgram> programs;
  for (const auto& c : script.commands) launch.command(c, programs);
  launch.settle(script);
  return programs;
}

}  // namespace atlas
