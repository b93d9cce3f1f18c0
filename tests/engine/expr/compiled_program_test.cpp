// The double-precision program compiled from a GiNaC expression in t (expr/compiled_program.h):
// every operation against the C library's (constants, sums, products, integer, half and general
// powers, the elementary functions, atan2, abs and csgn, as in the derivative of abs), and
// refusals: other symbols, complex constants, unsupported functions and expressions nested past
// the stack. (The canonical order of a sum's operands matters across processes, where GiNaC's own
// order differs; within one process both orders coincide, so no test here can see it.)

#include "expr/compiled_program.h"

#include <gtest/gtest.h>

#include <ginac/ginac.h>

#include <cmath>
#include <functional>

#include "expr/expression.h"

namespace mbw {
namespace {

using namespace GiNaC;

class CompiledProgramTest : public ::testing::Test {
 protected:
  realsymbol t{"t"};  // as expr/expression.cpp declares it
  void expectValues(const ex& e, const std::function<double(double)>& f,
                    std::initializer_list<double> times = {-0.7, 0.3, 0.9}) {
    const CompiledProgram program(e, t);
    // at times on both sides of zero, to 1e-14 relative to 1 + |f| (absolute near zero)
    for (double x : times) {
      const double expected = f(x);
      EXPECT_NEAR(program.evaluate(x), expected, 1e-14 * (1 + std::abs(expected)))
          << e << " at t = " << x;
    }
  }
};

TEST_F(CompiledProgramTest, ArithmeticAndPowers) {
  // constants, polynomials and integer powers, negative ones included
  expectValues(ex(2.5), [](double) { return 2.5; });
  expectValues(Pi * t, [](double x) { return M_PI * x; });
  expectValues(3 * t + 2 * pow(t, 2) - 1, [](double x) { return 3 * x + 2 * x * x - 1; });
  expectValues(pow(t, 5), [](double x) { return std::pow(x, 5); });
  expectValues(pow(t, -3), [](double x) { return std::pow(x, -3); });
  // quotients, half and rational powers, and powers with t in the exponent
  expectValues(1 / (1 + t * t), [](double x) { return 1 / (1 + x * x); });
  expectValues(sqrt(t + 1), [](double x) { return std::sqrt(x + 1); });
  expectValues(pow(t + 1, numeric(3, 2)), [](double x) { return std::pow(x + 1, 1.5); });
  expectValues(pow(2, t), [](double x) { return std::pow(2.0, x); });
  expectValues(pow(t + 2, t), [](double x) { return std::pow(x + 2, x); });
}

TEST_F(CompiledProgramTest, Functions) {
  // the elementary functions against the C library's
  expectValues(sin(t) + cos(2 * t), [](double x) { return std::sin(x) + std::cos(2 * x); });
  expectValues(tan(t), [](double x) { return std::tan(x); });
  expectValues(asin(t) * acos(t), [](double x) { return std::asin(x) * std::acos(x); });
  expectValues(atan(t), [](double x) { return std::atan(x); });
  expectValues(atan2(t, -1), [](double x) { return std::atan2(x, -1.0); });
  expectValues(sinh(t) - cosh(t) + tanh(t),
               [](double x) { return std::sinh(x) - std::cosh(x) + std::tanh(x); });
  expectValues(exp(-t), [](double x) { return std::exp(-x); });
  expectValues(log(t + 1), [](double x) { return std::log(x + 1); });
  // abs and csgn: the sampled times avoid zero, where csgn is 0 and not the lambda's -1
  expectValues(abs(t), [](double x) { return std::abs(x); });
  expectValues(csgn(t), [](double x) { return x > 0 ? 1.0 : -1.0; });
  const CompiledProgram sign(csgn(t), t);
  EXPECT_EQ(sign.evaluate(0.0), 0.0);
  // the derivative of abs: csgn
  expectValues(abs(t).diff(t), [](double x) { return x > 0 ? 1.0 : -1.0; });
}

TEST_F(CompiledProgramTest, Refusals) {
  const symbol s("s");
  // a second symbol, the imaginary unit and functions the program lacks
  EXPECT_THROW(CompiledProgram(s * t, t), ExpressionError);
  EXPECT_THROW(CompiledProgram(I * t, t), ExpressionError);
  EXPECT_THROW(CompiledProgram(zeta(t), t), ExpressionError);
  EXPECT_THROW(CompiledProgram(tgamma(t), t), ExpressionError);
  // nested deeper than the evaluation stack holds
  ex deep = t;
  for (int k = 0; k < 300; ++k) deep = sin(deep + numeric(k + 1));
  EXPECT_THROW(CompiledProgram(deep, t), ExpressionError);
  // wide but shallow is fine: a sum of 100 terms, more than the 64 values the stack holds
  ex wide = 0;
  for (int k = 1; k <= 100; ++k) wide += sin(k * t);
  const CompiledProgram program(wide, t);
  // the same sum evaluated with the C library
  double expected = 0;
  for (int k = 1; k <= 100; ++k) expected += std::sin(k * 0.3);
  EXPECT_NEAR(program.evaluate(0.3), expected, 1e-12);
}

}  // namespace
}  // namespace mbw
