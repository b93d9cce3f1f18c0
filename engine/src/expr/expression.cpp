#include "expr/expression.h"

#include <ginac/ginac.h>

#include <sstream>

#include "expr/antiderivative.h"
#include "expr/compiled_program.h"

namespace mbw {
namespace {

std::string toText(const GiNaC::ex& e) {
  std::ostringstream os;
  os << e;
  return os.str();
}

}  // namespace

TimeFunction::TimeFunction() : text_("0"), derivativeText_("0"), secondDerivativeText_("0") {}

TimeFunction TimeFunction::constant(double value) {
  TimeFunction f;
  std::ostringstream os;
  os.precision(17);
  os << value;
  f.text_ = os.str();
  f.constantValue_ = value;
  return f;
}

TimeFunction TimeFunction::parse(const std::string& text) {
  GiNaC::realsymbol t("t");
  GiNaC::symtab table;
  table["t"] = t;
  table["pi"] = GiNaC::Pi;
  GiNaC::parser reader(table, /*strict=*/true);
  GiNaC::ex e;
  try {
    e = reader(text);
  } catch (const std::exception& err) {
    throw ExpressionError("cannot parse '" + text + "': " + err.what());
  }
  return fromExpression(e, t, text);
}

TimeFunction TimeFunction::fromExpression(const GiNaC::ex& e, const GiNaC::symbol& t, const std::string& text) {
  TimeFunction f;
  f.text_ = text;
  const GiNaC::ex de = e.diff(t);
  const GiNaC::ex dde = de.diff(t);
  f.derivativeText_ = toText(de);
  f.secondDerivativeText_ = toText(dde);

  // a function of t only (no other symbols) that does not depend on t is a constant
  if (!e.has(t)) {
    const GiNaC::ex v = e.evalf();
    if (!GiNaC::is_a<GiNaC::numeric>(v) || !GiNaC::ex_to<GiNaC::numeric>(v).is_real())
      throw ExpressionError("cannot parse '" + text + "': not a real number");
    f.constantValue_ = GiNaC::ex_to<GiNaC::numeric>(v).to_double();
    return f;
  }
  try {
    f.f_ = std::make_shared<const CompiledProgram>(e, t);
    f.df_ = std::make_shared<const CompiledProgram>(de, t);
    f.ddf_ = std::make_shared<const CompiledProgram>(dde, t);
    f.dddf_ = std::make_shared<const CompiledProgram>(dde.diff(t), t);
  } catch (const ExpressionError& err) {
    throw ExpressionError("cannot use '" + text + "': " + err.what());
  }
  f.constant_ = false;
  return f;
}

TimeFunction TimeFunction::piecewise(std::vector<double> breaks, std::vector<TimeFunction> pieces) {
  if (pieces.size() != breaks.size() + 1) throw ExpressionError("a piecewise function needs one piece more than breaks");
  for (size_t k = 1; k < breaks.size(); ++k)
    if (!(breaks[k] > breaks[k - 1])) throw ExpressionError("the breaks of a piecewise function must increase");
  if (breaks.empty()) return pieces.front();
  TimeFunction f;
  f.constant_ = false;
  std::ostringstream text;
  text << "piecewise(";
  for (size_t k = 0; k < pieces.size(); ++k) {
    text << (k ? "; " : "") << pieces[k].text();
    if (k < breaks.size()) text << " for t <= " << breaks[k];
  }
  text << ")";
  f.text_ = text.str();
  f.derivativeText_ = f.secondDerivativeText_ = "piecewise";
  f.breaks_ = std::move(breaks);
  f.pieces_ = std::move(pieces);
  return f;
}

TimeFunction TimeFunction::integral(const std::vector<double>& breaks, const std::vector<std::string>& rates,
                                    double t0, double value) {
  if (rates.size() != breaks.size() + 1) throw ExpressionError("a piecewise rate needs one piece more than breaks");
  GiNaC::realsymbol t("t");
  GiNaC::symtab table;
  table["t"] = t;
  table["pi"] = GiNaC::Pi;
  GiNaC::parser reader(table, /*strict=*/true);
  // the antiderivative of each piece, then the constants: continuity at the breaks (the pieces
  // are valid up to their break) and the value at t0
  std::vector<GiNaC::ex> F;
  for (const std::string& rate : rates) {
    GiNaC::ex e;
    try {
      e = reader(rate);
    } catch (const std::exception& err) {
      throw ExpressionError("cannot parse '" + rate + "': " + err.what());
    }
    F.push_back(antiderivative(e, t));
  }
  // evaluated in double by the compiled programs (GiNaC's own evaluation sums in its operand
  // order, which changes from one process to the next: compiled_program.h)
  std::vector<CompiledProgram> programs;
  for (const GiNaC::ex& piece : F) programs.emplace_back(piece, t);
  auto at = [&](size_t k, double x) { return programs[k].evaluate(x); };
  std::vector<double> offset(F.size(), 0.0);
  for (size_t k = 1; k < F.size(); ++k) offset[k] = offset[k - 1] + at(k - 1, breaks[k - 1]) - at(k, breaks[k - 1]);
  size_t k0 = 0;
  while (k0 < breaks.size() && t0 > breaks[k0]) ++k0;
  const double shift = value - (at(k0, t0) + offset[k0]);
  std::vector<TimeFunction> pieces;
  for (size_t k = 0; k < F.size(); ++k) {
    const GiNaC::ex piece = F[k] + GiNaC::numeric(offset[k] + shift);
    pieces.push_back(fromExpression(piece, t, "integral of " + rates[k]));
  }
  if (breaks.empty()) return pieces.front();
  return piecewise(breaks, std::move(pieces));
}

const TimeFunction& TimeFunction::pieceAt(double t) const {
  size_t k = 0;
  while (k < breaks_.size() && t > breaks_[k]) ++k;
  return pieces_[k];
}

TimeFunctionValue TimeFunction::evaluate(double t) const {
  if (!pieces_.empty()) return pieceAt(t).evaluate(t);
  if (constant_) return {constantValue_, 0.0, 0.0};
  return {f_->evaluate(t), df_->evaluate(t), ddf_->evaluate(t)};
}

double TimeFunction::value(double t) const {
  if (!pieces_.empty()) return pieceAt(t).value(t);
  return constant_ ? constantValue_ : f_->evaluate(t);
}

double TimeFunction::thirdDerivative(double t) const {
  if (!pieces_.empty()) return pieceAt(t).thirdDerivative(t);
  return constant_ ? 0.0 : dddf_->evaluate(t);
}

}  // namespace mbw
