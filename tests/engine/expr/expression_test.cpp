#include "expr/expression.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mbw {
namespace {

TEST(TimeFunction, SeedDriverAndItsExactDerivatives) {
  // single pendulum driver of seed 001: f = cos(pi/2 + pi/4 cos 2t)
  const TimeFunction f = TimeFunction::parse("cos(pi/2 + pi/4*cos(2*t))");
  EXPECT_FALSE(f.isConstant());
  for (double t : {0.0, 0.3, 1.7, 2.9}) {
    const double u = M_PI / 2 + M_PI / 4 * std::cos(2 * t);
    const double du = -M_PI / 2 * std::sin(2 * t);
    const double ddu = -M_PI * std::cos(2 * t);
    const TimeFunctionValue v = f.evaluate(t);
    EXPECT_NEAR(v.f, std::cos(u), 1e-15);
    EXPECT_NEAR(v.df, -std::sin(u) * du, 1e-14);
    EXPECT_NEAR(v.ddf, -std::cos(u) * du * du - std::sin(u) * ddu, 1e-13);
  }
}

TEST(TimeFunction, OperatorsAndFunctions) {
  const TimeFunction f = TimeFunction::parse("2^t + t^3 - sqrt(1+t) + exp(-t)*atan2(t, 2) + abs(t-3)");
  const double t = 0.8;
  const double expected = std::pow(2, t) + t * t * t - std::sqrt(1 + t) + std::exp(-t) * std::atan2(t, 2) + std::abs(t - 3);
  EXPECT_NEAR(f.value(t), expected, 1e-14);
  // derivative by finite differences only as a cross-check of the symbolic one
  const double h = 1e-5;
  EXPECT_NEAR(f.evaluate(t).df, (f.value(t + h) - f.value(t - h)) / (2 * h), 1e-8);
}

TEST(TimeFunction, ConstantsFoldToConstants) {
  const TimeFunction f = TimeFunction::parse("pi/4 + 1");
  EXPECT_TRUE(f.isConstant());
  EXPECT_NEAR(f.value(12.0), M_PI / 4 + 1, 1e-15);
  EXPECT_EQ(f.evaluate(3.0).df, 0.0);
  EXPECT_EQ(TimeFunction().value(1.0), 0.0);
  EXPECT_EQ(TimeFunction::constant(2.5).evaluate(7.0).f, 2.5);
}

TEST(TimeFunction, RejectsUnknownSymbolsAndBadSyntax) {
  EXPECT_THROW(TimeFunction::parse("cos(2*x)"), ExpressionError);
  EXPECT_THROW(TimeFunction::parse("cos(2*t"), ExpressionError);
  EXPECT_THROW(TimeFunction::parse("frobnicate(t)"), ExpressionError);
  try {
    TimeFunction::parse("sin(omega*t)");
    FAIL();
  } catch (const ExpressionError& e) {
    EXPECT_NE(std::string(e.what()).find("sin(omega*t)"), std::string::npos);
  }
}

}  // namespace
}  // namespace mbw
