#include "expr/expression.h"

#include <ginac/ginac.h>

#include <algorithm>
#include <sstream>

#include "expr/antiderivative.h"
#include "expr/compiled_program.h"
#include "scene/scene_error.h"

namespace mbw {
namespace {

// --- limits on the input -------------------------------------------------------------------------

// GiNaC's printed form of an expression
std::string toText(const GiNaC::ex& e) {
  std::ostringstream os;
  os << e;
  return os.str();
}

// Limits on what GiNaC is given, checked before it works: its cost grows fast with nesting
// (differentiating `sin(` nested 500 deep took 33 s and 656 MB before the compiled program refused
// it as too deep) and the derivatives of nested products grow as trees (`sin(t*` nested 40 deep
// ran for minutes).
constexpr size_t kMaxTextLength = 10000;  // characters
constexpr int kMaxParentheses = 24;       // levels of nested parentheses
constexpr size_t kMaxTreeSize = 20000;    // nodes of a function or of one of its derivatives

// what makes the text too costly to parse ("" when nothing does)
std::string textProblem(const std::string& text) {
  // the length first, then the deepest nesting of parentheses
  if (text.size() > kMaxTextLength)
    return "it is " + std::to_string(text.size()) + " characters long, more than the " +
           std::to_string(kMaxTextLength) + " an expression may have";
  // the deepest nesting: '(' counts up, ')' down
  int depth = 0, deepest = 0;
  for (char c : text) {
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    deepest = std::max(deepest, depth);
  }
  if (deepest > kMaxParentheses)
    return "its parentheses are nested " + std::to_string(deepest) + " deep, more than the " +
           std::to_string(kMaxParentheses) + " an expression may have";
  return "";
}

// whether the expression tree of e (shared parts counted as often as they occur, as printing and
// compiling meet them) has more nodes than `budget`; stops counting there
bool treeLargerThan(const GiNaC::ex& e, size_t& budget) {
  // each node spends one of the budget; the children are counted depth first
  if (budget == 0) return true;
  --budget;
  for (size_t i = 0; i < e.nops(); ++i)
    if (treeLargerThan(e.op(i), budget)) return true;
  return false;
}

// the derivative of e, refused when its tree grows past kMaxTreeSize nodes
GiNaC::ex derivative(const GiNaC::ex& e, const GiNaC::symbol& t, const char* which) {
  const GiNaC::ex d = e.diff(t);
  size_t budget = kMaxTreeSize;
  if (treeLargerThan(d, budget))
    throw ExpressionError(std::string("its ") + which + " derivative grows past " +
                          std::to_string(kMaxTreeSize) + " operations: write it in a simpler form");
  return d;
}

}  // namespace

// --- GiNaC's messages in the user's words --------------------------------------------------------

std::string plainGinacMessage(const std::string& what) {
  // the first line ("GiNaC: parse error at line 0, column 0: ..."), not the source frame after it
  std::string m = what.substr(0, what.find('\n'));
  // without GiNaC's prefix and the parser's position
  const std::string parseError = "parse error at line 0, column 0: ";
  if (m.rfind("GiNaC: ", 0) == 0) m = m.substr(7);
  if (m.rfind(parseError, 0) == 0) m = m.substr(parseError.size());
  // "power::eval(): division by zero", "find_or_insert_symbol: symbol ..." -> what follows
  const size_t colon = m.find(": ");
  if (colon != std::string::npos &&
      m.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_:()0123456789") ==
          colon + 1)
    m = m.substr(colon + 2);
  // GiNaC's wording of the common mistakes, as a scene's author would say them
  if (m.rfind("symbol ", 0) == 0 && m.find(" not found") != std::string::npos)
    return "unknown name " + m.substr(7, m.find(" not found") - 7) +
           " (an expression knows t and pi)";
  if (m == "power should have exactly 2 operands")
    return "a^b^c needs parentheses: (a^b)^c or a^(b^c)";
  if (m == "simple pole") return "a pole (an infinite value)";
  if (m == "unexpected token, got: EOF") return "it ends before it is complete";
  return m;
}

// --- making a function of time -------------------------------------------------------------------

// the default function: the constant 0
TimeFunction::TimeFunction() : text_("0"), derivativeText_("0"), secondDerivativeText_("0") {}

TimeFunction TimeFunction::constant(double value) {
  // a number printed to round-trip, its value kept
  TimeFunction f;
  std::ostringstream os;
  os.precision(17);
  os << value;
  f.text_ = os.str();
  f.constantValue_ = value;
  return f;
}

TimeFunction TimeFunction::parse(const std::string& text) {
  // t and pi are the only names an expression knows; strict: any other is an error
  GiNaC::realsymbol t("t");
  GiNaC::symtab table;
  table["t"] = t;
  table["pi"] = GiNaC::Pi;
  GiNaC::parser reader(table, /*strict=*/true);
  GiNaC::ex e;
  // refused before GiNaC sees it when too long or too deeply nested
  const std::string problem = textProblem(text);
  if (!problem.empty()) throw ExpressionError("cannot parse '" + excerpt(text) + "': " + problem);
  try {
    e = reader(text);
  } catch (const std::exception& err) {
    throw ExpressionError("cannot parse '" + excerpt(text) + "': " + plainGinacMessage(err.what()));
  }
  return fromExpression(e, t, text);
}

TimeFunction TimeFunction::fromExpression(const GiNaC::ex& e, const GiNaC::symbol& t,
                                          const std::string& text) {
  // the first three derivatives, each refused when its tree grows too large
  TimeFunction f;
  // the text as written, kept for display
  f.text_ = text;
  GiNaC::ex de, dde, ddde;
  try {
    de = derivative(e, t, "first");
    dde = derivative(de, t, "second");
    ddde = derivative(dde, t, "third");
  } catch (const ExpressionError& err) {
    throw ExpressionError("cannot use '" + excerpt(text) + "': " + err.what());
  } catch (const std::exception& err) {
    // GiNaC's evaluation of a derivative: a pole, a division by zero
    throw ExpressionError("cannot use '" + excerpt(text) + "': " + plainGinacMessage(err.what()));
  }
  // the derivatives' texts, for display
  f.derivativeText_ = toText(de);
  f.secondDerivativeText_ = toText(dde);

  // a function of t only (no other symbols) that does not depend on t is a constant
  if (!e.has(t)) {
    // its numeric value, refused unless real
    const GiNaC::ex v = e.evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
      throw ExpressionError("cannot parse '" + excerpt(text) + "': not a real number");
    f.constantValue_ = GiNaC::ex_to<GiNaC::numeric>(v).to_double();
    return f;
  }
  // not constant: the function and its derivatives compiled for evaluation in double
  try {
    f.f_ = std::make_shared<const CompiledProgram>(e, t);
    f.df_ = std::make_shared<const CompiledProgram>(de, t);
    f.ddf_ = std::make_shared<const CompiledProgram>(dde, t);
    f.dddf_ = std::make_shared<const CompiledProgram>(ddde, t);
  } catch (const ExpressionError& err) {
    throw ExpressionError("cannot use '" + excerpt(text) + "': " + err.what());
  }
  f.constant_ = false;
  return f;
}

TimeFunction TimeFunction::piecewise(std::vector<double> breaks, std::vector<TimeFunction> pieces) {
  // the breaks increase, with one piece more than there are breaks
  if (pieces.size() != breaks.size() + 1)
    throw ExpressionError("a piecewise function needs one piece more than breaks");
  for (size_t k = 1; k < breaks.size(); ++k)
    if (!(breaks[k] > breaks[k - 1]))
      throw ExpressionError("the breaks of a piecewise function must increase");
  // no breaks: the one piece is the function
  if (breaks.empty()) return pieces.front();
  TimeFunction f;
  f.constant_ = false;
  // its text lists the pieces and the break each ends at
  std::ostringstream text;
  text << "piecewise(";
  for (size_t k = 0; k < pieces.size(); ++k) {
    text << (k ? "; " : "") << pieces[k].text();
    if (k < breaks.size()) text << " for t <= " << breaks[k];
  }
  text << ")";
  f.text_ = text.str();
  // a piecewise function has no single derivative text
  f.derivativeText_ = f.secondDerivativeText_ = "piecewise";
  f.breaks_ = std::move(breaks);
  f.pieces_ = std::move(pieces);
  return f;
}

TimeFunction TimeFunction::integral(const std::vector<double>& breaks,
                                    const std::vector<std::string>& rates, double t0,
                                    double value) {
  // one rate per interval: one more than the breaks
  if (rates.size() != breaks.size() + 1)
    throw ExpressionError("a piecewise rate needs one piece more than breaks");
  // the same parser as parse(): t and pi known
  GiNaC::realsymbol t("t");
  GiNaC::symtab table;
  table["t"] = t;
  table["pi"] = GiNaC::Pi;
  GiNaC::parser reader(table, /*strict=*/true);
  // the antiderivative of each piece, then the constants: continuity at the breaks (the pieces
  // are valid up to their break) and the value at t0
  std::vector<GiNaC::ex> F;
  // each rate read under the same limits, and integrated in closed form (antiderivative.h)
  for (const std::string& rate : rates) {
    GiNaC::ex e;
    const std::string problem = textProblem(rate);
    if (!problem.empty()) throw ExpressionError("cannot parse '" + excerpt(rate) + "': " + problem);
    try {
      e = reader(rate);
    } catch (const std::exception& err) {
      throw ExpressionError("cannot parse '" + excerpt(rate) +
                            "': " + plainGinacMessage(err.what()));
    }
    F.push_back(antiderivative(e, t));
  }
  // evaluated in double by the compiled programs (GiNaC's own evaluation sums in its operand
  // order, which changes from one process to the next: compiled_program.h)
  std::vector<CompiledProgram> programs;
  for (const GiNaC::ex& piece : F) programs.emplace_back(piece, t);
  auto at = [&](size_t k, double x) { return programs[k].evaluate(x); };
  // each piece continuous with the one before at their break
  std::vector<double> offset(F.size(), 0.0);
  for (size_t k = 1; k < F.size(); ++k)
    offset[k] = offset[k - 1] + at(k - 1, breaks[k - 1]) - at(k, breaks[k - 1]);
  // and the whole shifted to the given value at t0, in the piece that holds t0
  size_t k0 = 0;
  while (k0 < breaks.size() && t0 > breaks[k0]) ++k0;
  const double shift = value - (at(k0, t0) + offset[k0]);
  std::vector<TimeFunction> pieces;
  // each piece a function of its own, with its derivatives
  for (size_t k = 0; k < F.size(); ++k) {
    const GiNaC::ex piece = F[k] + GiNaC::numeric(offset[k] + shift);
    pieces.push_back(fromExpression(piece, t, "integral of " + rates[k]));
  }
  // a single rate gives a single function
  if (breaks.empty()) return pieces.front();
  return piecewise(breaks, std::move(pieces));
}

// --- evaluation ----------------------------------------------------------------------------------

// the piece valid at t: each ends at its break (inclusive)
const TimeFunction& TimeFunction::pieceAt(double t) const {
  size_t k = 0;
  while (k < breaks_.size() && t > breaks_[k]) ++k;
  return pieces_[k];
}

TimeFunctionValue TimeFunction::evaluate(double t) const {
  // a piecewise function evaluates its piece; a constant has no derivatives
  if (!pieces_.empty()) return pieceAt(t).evaluate(t);
  if (constant_) return {constantValue_, 0.0, 0.0};
  return {f_->evaluate(t), df_->evaluate(t), ddf_->evaluate(t)};
}

double TimeFunction::value(double t) const {
  // the value alone, the derivatives not computed
  if (!pieces_.empty()) return pieceAt(t).value(t);
  return constant_ ? constantValue_ : f_->evaluate(t);
}

double TimeFunction::thirdDerivative(double t) const {
  // the third derivative, from its own program; a constant's is zero
  if (!pieces_.empty()) return pieceAt(t).thirdDerivative(t);
  return constant_ ? 0.0 : dddf_->evaluate(t);
}

}  // namespace mbw
