#include "cli_reference.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>
#include <vector>

namespace mbw::cli_reference {
namespace {

// --- the program's commands, read from its CLI11 definitions -------------------------------------

// one command of the program as the reference shows it
struct CommandDoc {
  std::string path;  // "run", "study tolerance"
  std::string description;
  std::vector<const CLI::Option*> positionals;
  std::vector<const CLI::Option*> options;
  bool hasSubcommands = false;
};

// a command and its subcommands, depth first, in the order they were defined
void collect(const CLI::App& app, const std::string& prefix, std::vector<CommandDoc>& out) {
  // every subcommand, its positionals and options apart (--help left out: every command has it)
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    CommandDoc d;
    // its path from the program's root, and its description
    d.path = prefix.empty() ? sub->get_name() : prefix + " " + sub->get_name();
    d.description = sub->get_description();
    for (const CLI::Option* o : sub->get_options()) {
      if (o == sub->get_help_ptr()) continue;
      (o->get_positional() ? d.positionals : d.options).push_back(o);
    }
    // whether it has subcommands of its own, then those, after it
    d.hasSubcommands = !sub->get_subcommands([](const CLI::App*) { return true; }).empty();
    out.push_back(d);
    collect(*sub, d.path, out);
  }
}

// a positional argument is named in capitals, as usage lines name them (FILE, SCENE)
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

// a flag takes no value
bool isFlag(const CLI::Option& o) { return o.get_items_expected_max() == 0; }

// "FLOAT", or "FLOAT,..." for a list the option splits at its delimiter
std::string valueName(const CLI::Option& o) {
  std::string name = o.get_type_name();
  // a list: the delimiter and an ellipsis
  if (o.get_expected_max() > 1)
    name += o.get_delimiter() != '\0' ? std::string(1, o.get_delimiter()) + "..." : " ...";
  return name;
}

// the usage line: the command, its positionals ([OPTIONAL] in brackets), COMMAND when it has
// subcommands, [OPTIONS] when it has options
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

// the program's description "mbw-cli - Summary.\nthe rest" split into the summary (no final full
// stop) and the rest, then its commands
ProgramDoc describe(const CLI::App& program) {
  ProgramDoc p;
  p.name = program.get_name();
  const std::string text = program.get_description();
  // the first line, without the program's name and the final full stop
  const size_t newline = text.find('\n');
  p.summary = text.substr(0, newline);
  const size_t dash = p.summary.find(" - ");
  if (dash != std::string::npos) p.summary = p.summary.substr(dash + 3);
  if (!p.summary.empty() && p.summary.back() == '.') p.summary.pop_back();
  // the rest of the description
  if (newline != std::string::npos) p.description = text.substr(newline + 1);
  collect(program, "", p.commands);
  return p;
}

// --- Markdown ------------------------------------------------------------------------------------

// a table cell's text: pipes escaped, newlines made spaces (a cell is one line)
std::string escapeCell(const std::string& text) {
  std::string out;
  for (char c : text) {
    // a pipe would end the cell, a newline the row
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

// the anchor a Markdown renderer gives the command's heading: "mbw-cli-study-tolerance"
std::string anchor(const std::string& program, const std::string& path) {
  std::string a = program + "-" + path;
  // spaces become hyphens
  for (char& c : a)
    if (c == ' ') c = '-';
  return a;
}

// an option's row: names, value type (none for a flag), default, help
std::string optionRow(const CLI::Option& o) {
  std::ostringstream row;
  row << "| `" << optionNames(o) << "`" << (o.get_required() ? " (required)" : "") << " | ";
  if (!isFlag(o)) row << "`" << escapeCell(valueName(o)) << "` ";
  row << "| ";
  if (!o.get_default_str().empty()) row << "`" << escapeCell(o.get_default_str()) << "` ";
  row << "| " << escapeCell(o.get_description()) << " |\n";
  return row.str();
}

// an option whose row this many commands or more have word for word is listed once, in the
// section of shared options, and only named in each command's section
constexpr int kSharedByAtLeast = 3;
const char* const kSharedHeading = "Options shared by several commands";
const char* const kSharedAnchor = "options-shared-by-several-commands";

// how many commands have each row
std::map<std::string, int> rowCounts(const std::vector<CommandDoc>& commands) {
  std::map<std::string, int> counts;
  for (const CommandDoc& d : commands)
    for (const CLI::Option* o : d.options) ++counts[optionRow(*o)];
  return counts;
}

bool isShared(const std::map<std::string, int>& counts, const CLI::Option& o) {
  return counts.at(optionRow(o)) >= kSharedByAtLeast;
}

// one row per positional, then per option of the command's own; then the names of the shared
// options it takes, linked to their section
void markdownTable(std::ostream& out, const CommandDoc& d,
                   const std::map<std::string, int>& counts) {
  // the command's own options and the shared ones apart
  std::vector<const CLI::Option*> own, shared;
  for (const CLI::Option* o : d.options) (isShared(counts, *o) ? shared : own).push_back(o);
  // a command without arguments or options of its own has no table
  if (!d.positionals.empty() || !own.empty()) {
    out << "| argument or option | value | default | |\n|---|---|---|---|\n";
    // the positionals, the required ones said so
    for (const CLI::Option* p : d.positionals)
      out << "| `" << positionalName(*p) << "`" << (p->get_required() ? " (required)" : "")
          << " | `" << escapeCell(valueName(*p)) << "` | | " << escapeCell(p->get_description())
          << " |\n";
    for (const CLI::Option* o : own) out << optionRow(*o);
    out << "\n";
  }
  if (shared.empty()) return;
  out << "[Shared options](#" << kSharedAnchor << "):";
  for (size_t i = 0; i < shared.size(); ++i)
    out << (i == 0 ? " `" : ", `") << optionNames(*shared[i]) << "`";
  out << ".\n\n";
}

// the shared options' rows, each once, in the order the commands first give them
void markdownSharedOptions(std::ostream& out, const std::vector<CommandDoc>& commands,
                           const std::map<std::string, int>& counts) {
  std::vector<std::string> rows;
  for (const CommandDoc& d : commands)
    for (const CLI::Option* o : d.options) {
      const std::string row = optionRow(*o);
      if (isShared(counts, *o) && std::find(rows.begin(), rows.end(), row) == rows.end())
        rows.push_back(row);
    }
  if (rows.empty()) return;
  out << "## " << kSharedHeading << "\n\n"
      << "Options that several commands take with the same meaning and default, listed once; each "
         "command's section names those it takes.\n\n"
      << "| option | value | default | |\n|---|---|---|---|\n";
  for (const std::string& row : rows) out << row;
  out << "\n";
}

// --- roff ----------------------------------------------------------------------------------------

// text safe in roff: backslashes escaped, hyphens as minus signs (\-, so that option names copy
// and paste as typed), no control character at the start of a line
std::string roff(const std::string& text) {
  std::string out;
  bool lineStart = true;
  for (char c : text) {
    // a line starting with . or ' would be a roff request
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

// --- the two references --------------------------------------------------------------------------

// docs/cli-reference.md: the reference page, generated so that it never drifts from the options
std::string markdownReference(const CLI::App& program, const ReferenceTexts& texts) {
  // the program's name, summary, description and commands
  const auto [name, summary, description, commands] = describe(program);

  // the title, the program's preamble, its description and synopsis, a table of the commands
  std::ostringstream out;
  out << "# Command-line reference (`" << name << "`)\n\n"
      << texts.markdownPreamble << "`" << name << "`: " << summary << ". " << description << "\n\n"
      << "```\n"
      << name << " COMMAND [OPTIONS]\n"
      << name << " --version\n"
      << name << " [COMMAND] --help\n```\n\n"
      << "| command | |\n|---|---|\n";
  // the commands' table, each linked to its section
  for (const CommandDoc& d : commands)
    out << "| [`" << d.path << "`](#" << anchor(name, d.path) << ") | " << escapeCell(d.description)
        << " |\n";
  out << "\n";
  // each command: its description, usage and the table of its arguments and options, the shared
  // options named; then the shared options' table
  const std::map<std::string, int> counts = rowCounts(commands);
  for (const CommandDoc& d : commands) {
    out << "## `" << name << " " << d.path << "`\n\n"
        << d.description << "\n\n"
        << "```\n"
        << usage(name, d) << "\n```\n\n";
    markdownTable(out, d, counts);
  }
  markdownSharedOptions(out, commands, counts);
  // the exit statuses and the examples
  out << "## Exit status\n\n| status | |\n|---|---|\n";
  for (const ExitStatus& s : texts.exitStatuses)
    out << "| " << s.code << " | " << escapeCell(s.meaning) << " |\n";
  out << "\n## Examples\n\n```sh\n";
  for (const Example& e : texts.examples) out << e.commandLine << "   # " << e.what << "\n";
  out << "```\n";
  return out.str();
}

// mbw-cli.1: the same content as a man page, in roff
std::string manPageReference(const CLI::App& program, const ReferenceTexts& texts) {
  // the same description of the program, for the man page
  const auto [name, summary, description, commands] = describe(program);

  // the header, name, synopsis and description
  std::ostringstream out;
  out << ".\\\" Generated from the program's own definitions by `" << texts.manGeneratedBy << "`.\n"
      << ".TH " << upper(name) << " 1 \"\" \"" << roff(name) << " " << roff(texts.manVersion)
      << "\" \"" << texts.manManual << "\"\n"
      << ".SH NAME\n"
      << roff(name) << " \\- " << roff(summary) << "\n"
      << ".SH SYNOPSIS\n.B " << roff(name) << "\n.I COMMAND\n[\\fIOPTIONS\\fR]\n.br\n.B "
      << roff(name) << "\n\\-\\-version\n.br\n.B " << roff(name)
      << "\n[\\fICOMMAND\\fR] \\-\\-help\n"
      << ".SH DESCRIPTION\n"
      << roff(name) << roff(texts.manDescription) << "\n.PP\n"
      << roff(description) << "\n"
      << ".SH COMMANDS\n";
  // each command: its usage, description, arguments and options
  for (const CommandDoc& d : commands) {
    out << ".SS \"" << roff(usage(name, d)) << "\"\n" << roff(d.description) << "\n";
    // the positionals, then the options with their values, requirement and default
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
  // the exit statuses, the examples and where to read more
  out << ".SH EXIT STATUS\n";
  for (const ExitStatus& s : texts.exitStatuses)
    out << ".TP\n.B " << s.code << "\n" << roff(s.meaning) << "\n";
  out << ".SH EXAMPLES\n";
  for (const Example& e : texts.examples)
    out << ".TP\n.B " << roff(e.commandLine) << "\n" << roff(e.what) << "\n";
  out << ".SH SEE ALSO\n" << texts.manSeeAlso;
  return out.str();
}

}  // namespace mbw::cli_reference
