#include "expr/antiderivative.h"

#include <sstream>

#include "expr/expression.h"

namespace mbw {
namespace {

using namespace GiNaC;

std::string text(const ex& e) {
  // GiNaC's own printing of the expression, for the messages
  std::ostringstream os;
  os << e;
  return os.str();
}

[[noreturn]] void cannot(const ex& e) {
  // the forms integrated exactly, and what to do instead
  throw ExpressionError(
      "cannot integrate '" + text(e) +
      "' exactly (sums of constants times t^n, sin, cos, exp, sinh, cosh of a t + b): "
      "give the integrated function itself");
}

// the slope a of a linear argument a t + b (throws otherwise)
ex slope(const ex& argument, const symbol& t, const ex& whole) {
  const ex a = argument.diff(t);
  if (a.has(t) || a.is_zero()) cannot(whole);
  return a;
}

// the antiderivative of a single factor that depends on t
ex factorIntegral(const ex& f, const symbol& t) {
  // t^n for n != -1
  if (f.is_equal(t)) return pow(t, 2) / 2;
  if (is_a<power>(f) && f.op(0).is_equal(t) && !f.op(1).has(t)) {
    const ex n = f.op(1);
    // 1/t would integrate to a logarithm: not among the forms
    if ((n + 1).is_zero()) cannot(f);
    return pow(t, n + 1) / (n + 1);
  }
  // sin, cos, exp, sinh, cosh of a linear argument
  if (is_a<function>(f) && f.nops() == 1) {
    const ex u = f.op(0);
    const ex a = slope(u, t, f);
    // each the antiderivative in u, divided by the slope
    if (is_ex_the_function(f, sin)) return -cos(u) / a;
    if (is_ex_the_function(f, cos)) return sin(u) / a;
    if (is_ex_the_function(f, exp)) return exp(u) / a;
    if (is_ex_the_function(f, sinh)) return cosh(u) / a;
    if (is_ex_the_function(f, cosh)) return sinh(u) / a;
  }
  // anything else (tan, a function of t^2, ...) is refused
  cannot(f);
}

ex termIntegral(const ex& term, const symbol& t) {
  // a constant term, or a single factor in t
  if (!term.has(t)) return term * t;
  if (!is_a<mul>(term)) return factorIntegral(term, t);
  // a product: constant factors times exactly one factor in t
  ex constant = 1, variable = 1;
  int inT = 0;
  // split the product's factors: those free of t, and the one in t
  for (size_t i = 0; i < term.nops(); ++i) {
    if (term.op(i).has(t)) {
      variable = term.op(i);
      ++inT;
    } else {
      constant *= term.op(i);
    }
  }
  // a product of several factors in t (t sin t) would need integration by parts: refused
  if (inT != 1) cannot(term);
  return constant * factorIntegral(variable, t);
}

}  // namespace

GiNaC::ex antiderivative(const GiNaC::ex& e, const GiNaC::symbol& t) {
  // term by term over the expanded sum
  const ex expanded = e.expand();
  ex F = 0;
  if (is_a<add>(expanded)) {
    for (size_t i = 0; i < expanded.nops(); ++i) F += termIntegral(expanded.op(i), t);
  } else {
    F = termIntegral(expanded, t);
  }
  // F' = e, symbolically (the forms above are differentiated exactly)
  if (!(F.diff(t) - expanded).expand().normal().is_zero()) cannot(e);
  return F;
}

}  // namespace mbw
