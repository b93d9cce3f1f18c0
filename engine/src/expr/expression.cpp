#include "expr/expression.h"

#include <ginac/ginac.h>

#include <sstream>

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

TimeFunctionValue TimeFunction::evaluate(double t) const {
  if (constant_) return {constantValue_, 0.0, 0.0};
  return {f_->evaluate(t), df_->evaluate(t), ddf_->evaluate(t)};
}

double TimeFunction::value(double t) const { return constant_ ? constantValue_ : f_->evaluate(t); }

double TimeFunction::thirdDerivative(double t) const { return constant_ ? 0.0 : dddf_->evaluate(t); }

}  // namespace mbw
