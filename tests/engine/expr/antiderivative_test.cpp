// Exact antiderivatives of driver expressions (expr/antiderivative.h): each supported form (powers
// of t, constants, sin, cos, exp, sinh, cosh of a t + b, their sums and constant multiples) gives
// the textbook antiderivative, and the forms outside them are refused with a message that names the
// expression, rather than integrated wrongly.

#include "expr/antiderivative.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "expr/expression.h"

namespace mbw {
namespace {

using namespace GiNaC;

class Antiderivative : public ::testing::Test {
 protected:
  symbol t{"t"}, w{"w"};
  // F equals the expected antiderivative exactly (no other constant of integration)
  void expectIntegral(const ex& e, const ex& expected) {
    const ex F = antiderivative(e, t);
    EXPECT_TRUE((F - expected).expand().normal().is_zero()) << e << " -> " << F;
    // and differentiates back to e: the defining property, whatever form F takes
    EXPECT_TRUE((F.diff(t) - e).expand().normal().is_zero()) << e << " -> " << F;
  }
};

TEST_F(Antiderivative, PowersAndConstants) {
  // polynomials by the power rule: t^n -> t^(n+1) / (n+1)
  expectIntegral(ex(3), 3 * t);
  expectIntegral(w, w * t);
  expectIntegral(t, pow(t, 2) / 2);
  expectIntegral(3 * pow(t, 2) + 2, pow(t, 3) + 2 * t);
  // negative and fractional powers by the same rule (n = -1, a logarithm, is refused below)
  expectIntegral(pow(t, -2), -pow(t, -1));
  expectIntegral(pow(t, numeric(1, 2)), numeric(2, 3) * pow(t, numeric(3, 2)));
  // a product expanded into its terms first
  expectIntegral((t + 1) * (t - 1), pow(t, 3) / 3 - t);
}

TEST_F(Antiderivative, FunctionsOfALinearArgument) {
  // f(a t + b) -> F(a t + b) / a, for each elementary f of the supported forms
  expectIntegral(5 * sin(2 * t + 1), -numeric(5, 2) * cos(2 * t + 1));
  expectIntegral(cos(w * t), sin(w * t) / w);
  expectIntegral(exp(-t), -exp(-t));
  expectIntegral(sinh(3 * t), cosh(3 * t) / 3);
  expectIntegral(cosh(t / 2), 2 * sinh(t / 2));
  // a spin-rate profile: ramp plus oscillation
  expectIntegral(2 * t + numeric(1, 10) * sin(w * t), pow(t, 2) - numeric(1, 10) * cos(w * t) / w);
}

TEST_F(Antiderivative, RefusesWhatItCannotIntegrateExactly) {
  // 1/t (a logarithm), a non-linear argument, products needing integration by parts, tan, log
  for (const ex& e : std::vector<ex>{pow(t, -1), 2 / t, sin(pow(t, 2)), t * sin(t), exp(t) * cos(t),
                                     tan(t), log(t)}) {
    try {
      antiderivative(e, t);
      ADD_FAILURE() << "integrated " << e;
    } catch (const ExpressionError& error) {
      // each refused with the reason, never integrated wrongly
      EXPECT_NE(std::string(error.what()).find("cannot integrate"), std::string::npos)
          << error.what();
    }
  }
}

}  // namespace
}  // namespace mbw
