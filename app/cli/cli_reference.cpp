#include "cli_reference.h"

#include <cctype>
#include <sstream>
#include <vector>

#include "cli_program.h"
#include "scene/schema.h"
#include "simulation/csv.h"

namespace mbw::cli {
namespace {

// one command of the program as the reference shows it
struct CommandDoc {
  std::string path;  // "run", "study tolerance"
  std::string description;
  std::vector<const CLI::Option*> positionals;
  std::vector<const CLI::Option*> options;
  bool hasSubcommands = false;
};

struct Example {
  const char* commandLine;
  const char* what;
};

// examples shown in the reference and the man page (the docs test parses them like every other)
const std::vector<Example> kExamples = {
    {"mbw-cli list", "the built-in scenes, integrators (with capabilities) and formulations"},
    {"mbw-cli run double-pendulum -o dp.csv --plot dp.png",
     "a run at the scene's settings: summary, CSV and plots"},
    {"mbw-cli run slider-crank --integrator hht --step 1e-3 --t-end 3",
     "another integrator, step and end time"},
    {"mbw-cli compare andrews-squeezer --integrators lms3:0.6,ss3:0.6,mssth3 --step-per-stage 1e-4 "
     "--t-end 0.05",
     "three integrators at equal cost, side by side"},
    {"mbw-cli validate my-mechanism.json", "check a scene file; every problem with its JSON path"},
};

// a command and its subcommands, depth first, in the order they were defined
void collect(const CLI::App& app, const std::string& prefix, std::vector<CommandDoc>& out) {
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    CommandDoc d;
    d.path = prefix.empty() ? sub->get_name() : prefix + " " + sub->get_name();
    d.description = sub->get_description();
    for (const CLI::Option* o : sub->get_options()) {
      if (o == sub->get_help_ptr()) continue;
      (o->get_positional() ? d.positionals : d.options).push_back(o);
    }
    d.hasSubcommands = !sub->get_subcommands([](const CLI::App*) { return true; }).empty();
    out.push_back(d);
    collect(*sub, d.path, out);
  }
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string positionalName(const CLI::Option& o) { return upper(o.get_name(true)); }

// "-o, --output": short names first
std::string optionNames(const CLI::Option& o) {
  std::string names;
  for (const std::string& s : o.get_snames()) names += (names.empty() ? "-" : ", -") + s;
  for (const std::string& l : o.get_lnames()) names += (names.empty() ? "--" : ", --") + l;
  return names;
}

bool isFlag(const CLI::Option& o) { return o.get_items_expected_max() == 0; }

// "FLOAT", or "FLOAT,..." for a list the option splits at its delimiter
std::string valueName(const CLI::Option& o) {
  std::string name = o.get_type_name();
  if (o.get_expected_max() > 1)
    name += o.get_delimiter() != '\0' ? std::string(1, o.get_delimiter()) + "..." : " ...";
  return name;
}

std::string usage(const std::string& program, const CommandDoc& d) {
  std::string u = program + " " + d.path;
  for (const CLI::Option* p : d.positionals)
    u += " " + (p->get_required() ? positionalName(*p) : "[" + positionalName(*p) + "]");
  if (d.hasSubcommands) u += " COMMAND";
  if (!d.options.empty()) u += " [OPTIONS]";
  return u;
}

// the program as the reference shows it
struct ProgramDoc {
  std::string name;         // "mbw-cli"
  std::string summary;      // the first line of its description, after "mbw-cli - "
  std::string description;  // the rest
  std::vector<CommandDoc> commands;
};

ProgramDoc describe(const CLI::App& program) {
  ProgramDoc p;
  p.name = program.get_name();
  const std::string text = program.get_description();
  const size_t newline = text.find('\n');
  p.summary = text.substr(0, newline);
  const size_t dash = p.summary.find(" - ");
  if (dash != std::string::npos) p.summary = p.summary.substr(dash + 3);
  if (!p.summary.empty() && p.summary.back() == '.') p.summary.pop_back();
  if (newline != std::string::npos) p.description = text.substr(newline + 1);
  collect(program, "", p.commands);
  return p;
}

// --- Markdown
// -------------------------------------------------------------------------------------

std::string escapeCell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

std::string anchor(const std::string& program, const std::string& path) {
  std::string a = program + "-" + path;
  for (char& c : a)
    if (c == ' ') c = '-';
  return a;
}

void markdownTable(std::ostream& out, const CommandDoc& d) {
  if (d.positionals.empty() && d.options.empty()) return;
  out << "| argument or option | value | default | |\n|---|---|---|---|\n";
  for (const CLI::Option* p : d.positionals)
    out << "| `" << positionalName(*p) << "`" << (p->get_required() ? " (required)" : "") << " | `"
        << escapeCell(valueName(*p)) << "` | | " << escapeCell(p->get_description()) << " |\n";
  for (const CLI::Option* o : d.options) {
    out << "| `" << optionNames(*o) << "`" << (o->get_required() ? " (required)" : "") << " | ";
    if (!isFlag(*o)) out << "`" << escapeCell(valueName(*o)) << "` ";
    out << "| ";
    if (!o->get_default_str().empty()) out << "`" << escapeCell(o->get_default_str()) << "` ";
    out << "| " << escapeCell(o->get_description()) << " |\n";
  }
  out << "\n";
}

// --- roff
// -----------------------------------------------------------------------------------------

// text safe in roff: backslashes escaped, no control character at the start of a line
std::string roff(const std::string& text) {
  std::string out;
  bool lineStart = true;
  for (char c : text) {
    if (lineStart && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
    lineStart = c == '\n';
  }
  return out;
}

}  // namespace

std::string referenceMarkdown(const CLI::App& program) {
  const auto [name, summary, description, commands] = describe(program);

  std::ostringstream out;
  out << "# Command-line reference (`" << name << "`)\n\n"
      << docsNavigationLine() << "\n\n"
      << "<!-- Generated from the program's own definitions by `" << name
      << " reference -o docs/cli-reference.md`; do not edit (a test checks it is current). -->\n\n"
      << "Every command and option of `" << name
      << "`, written from the program's own definitions (the "
      << "same text as `" << name << " COMMAND --help`, and the man page " << name
      << "(1)). The guide "
      << "with examples and the CSV format is [The command line](command-line.md).\n\n"
      << "`" << name << "`: " << summary << ". " << description << "\n\n"
      << "```\n"
      << name << " COMMAND [OPTIONS]\n"
      << name << " --version\n"
      << name << " [COMMAND] --help\n```\n\n"
      << "| command | |\n|---|---|\n";
  for (const CommandDoc& d : commands)
    out << "| [`" << d.path << "`](#" << anchor(name, d.path) << ") | " << escapeCell(d.description)
        << " |\n";
  out << "\n";
  for (const CommandDoc& d : commands) {
    out << "## `" << name << " " << d.path << "`\n\n"
        << d.description << "\n\n"
        << "```\n"
        << usage(name, d) << "\n```\n\n";
    markdownTable(out, d);
  }
  out << "## Exit status\n\n| status | |\n|---|---|\n";
  for (const ExitStatus& s : exitStatuses())
    out << "| " << s.code << " | " << escapeCell(s.meaning) << " |\n";
  out << "\n## Examples\n\n```sh\n";
  for (const Example& e : kExamples) out << e.commandLine << "   # " << e.what << "\n";
  out << "```\n";
  return out.str();
}

std::string referenceManPage(const CLI::App& program) {
  const auto [name, summary, description, commands] = describe(program);

  std::ostringstream out;
  out << ".\\\" Generated from the program's own definitions by `" << name
      << " reference --format man`.\n"
      << ".TH " << upper(name) << " 1 \"\" \"" << roff(name) << " " << roff(mbw::engineVersion())
      << "\" \"Multibody Workbench\"\n"
      << ".SH NAME\n"
      << roff(name) << " \\- " << roff(summary) << "\n"
      << ".SH SYNOPSIS\n.B " << roff(name) << "\n.I COMMAND\n[\\fIOPTIONS\\fR]\n.br\n.B "
      << roff(name) << "\n\\-\\-version\n.br\n.B " << roff(name)
      << "\n[\\fICOMMAND\\fR] \\-\\-help\n"
      << ".SH DESCRIPTION\n"
      << roff(name)
      << " is the engine of Multibody Workbench without its window (see mbw(1)): it loads scenes, "
         "runs "
         "integrators on them, writes the results as CSV and plots, and reproduces the studies of "
         "the "
         "papers the workbench follows.\n.PP\n"
      << roff(description) << "\n"
      << ".SH COMMANDS\n";
  for (const CommandDoc& d : commands) {
    out << ".SS \"" << roff(usage(name, d)) << "\"\n" << roff(d.description) << "\n";
    for (const CLI::Option* p : d.positionals)
      out << ".TP\n.I " << roff(positionalName(*p)) << "\n"
          << roff(p->get_description()) << (p->get_required() ? " (required)" : "") << "\n";
    for (const CLI::Option* o : d.options) {
      out << ".TP\n\\fB" << roff(optionNames(*o)) << "\\fR";
      if (!isFlag(*o)) out << " \\fI" << roff(valueName(*o)) << "\\fR";
      out << "\n" << roff(o->get_description());
      if (o->get_required()) out << " (required)";
      if (!o->get_default_str().empty()) out << " (default: " << roff(o->get_default_str()) << ")";
      out << "\n";
    }
  }
  out << ".SH EXIT STATUS\n";
  for (const ExitStatus& s : exitStatuses())
    out << ".TP\n.B " << s.code << "\n" << roff(s.meaning) << "\n";
  out << ".SH EXAMPLES\n";
  for (const Example& e : kExamples)
    out << ".TP\n.B " << roff(e.commandLine) << "\n" << roff(e.what) << "\n";
  out << ".SH SEE ALSO\n.BR mbw (1)\n.PP\nThe guide: README.md and docs/ in the package's "
         "documentation directory, "
         "/usr/share/doc/multibody\\-workbench when installed from the Debian package.\n";
  return out.str();
}

}  // namespace mbw::cli
