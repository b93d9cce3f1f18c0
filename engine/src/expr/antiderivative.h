#pragma once
// Exact antiderivatives of the expressions drivers are usually written in, for rates integrated
// to angles (a spin-rate profile given as a function of time, driven as an angle): sums of
// constants times powers of t (t^n, n != -1), and constants times sin, cos, exp, sinh or cosh of
// a linear function a t + b. GiNaC's own integration handles polynomials only.

#include <ginac/ginac.h>

namespace mbw {

// An antiderivative F of e with respect to t (F' = e, checked symbolically); throws
// ExpressionError (expr/expression.h) for an expression outside the forms above.
GiNaC::ex antiderivative(const GiNaC::ex& e, const GiNaC::symbol& t);

}  // namespace mbw
