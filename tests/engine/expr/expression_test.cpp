// Time functions of the scene (expr/expression.h): expressions in t parsed by GiNaC with their
// first and second derivatives, the grammar's operators and functions, constants folded, bad input
// refused in the user's words before GiNaC spends its time on it, piecewise functions and rates
// integrated exactly.

#include "expr/expression.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mbw {
namespace {

// --- expressions ---------------------------------------------------------------------------------

TEST(TimeFunction, KisselPendulumDriverAndItsExactDerivatives) {
  // single pendulum driver of Kissel et al. 2021: f = cos(pi/2 + pi/4 cos 2t)
  const TimeFunction f = TimeFunction::parse("cos(pi/2 + pi/4*cos(2*t))");
  EXPECT_FALSE(f.isConstant());
  for (double t : {0.0, 0.3, 1.7, 2.9}) {
    // u = pi/2 + pi/4 cos 2t and its derivatives by hand; f' and f'' by the chain rule
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
  const TimeFunction f =
      TimeFunction::parse("2^t + t^3 - sqrt(1+t) + exp(-t)*atan2(t, 2) + abs(t-3)");
  // every operator and function of the grammar against the C library at one time
  const double t = 0.8;
  const double expected = std::pow(2, t) + t * t * t - std::sqrt(1 + t) +
                          std::exp(-t) * std::atan2(t, 2) + std::abs(t - 3);
  EXPECT_NEAR(f.value(t), expected, 1e-14);
  // derivative by finite differences only as a cross-check of the symbolic one
  const double h = 1e-5;
  EXPECT_NEAR(f.evaluate(t).df, (f.value(t + h) - f.value(t - h)) / (2 * h), 1e-8);
}

TEST(TimeFunction, ConstantsFoldToConstants) {
  // an expression without t folds to a constant, with a zero derivative
  const TimeFunction f = TimeFunction::parse("pi/4 + 1");
  EXPECT_TRUE(f.isConstant());
  EXPECT_NEAR(f.value(12.0), M_PI / 4 + 1, 1e-15);
  EXPECT_EQ(f.evaluate(3.0).df, 0.0);
  // the default function is zero; a constant holds its value at any time
  EXPECT_EQ(TimeFunction().value(1.0), 0.0);
  EXPECT_EQ(TimeFunction::constant(2.5).evaluate(7.0).f, 2.5);
}

TEST(TimeFunction, RejectsUnknownSymbolsAndBadSyntax) {
  // an unknown symbol, an unclosed parenthesis and an unknown function
  EXPECT_THROW(TimeFunction::parse("cos(2*x)"), ExpressionError);
  EXPECT_THROW(TimeFunction::parse("cos(2*t"), ExpressionError);
  EXPECT_THROW(TimeFunction::parse("frobnicate(t)"), ExpressionError);
  // the message quotes the expression the user wrote
  try {
    TimeFunction::parse("sin(omega*t)");
    FAIL();
  } catch (const ExpressionError& e) {
    EXPECT_NE(std::string(e.what()).find("sin(omega*t)"), std::string::npos);
  }
}

// `sin(` nested 500 deep took 33.5 s and 656 MB before it was refused (GiNaC's cost grows about
// cubically with the depth); the parentheses are counted before GiNaC parses, and the derivatives
// that grow as trees are refused at a size.
TEST(TimeFunction, TooDeepOrTooLargeIsRefusedBeforeGinacWorks) {
  // 500 nested calls: refused by the parenthesis count, with a message that does not echo them
  std::string deep;
  for (int k = 0; k < 500; ++k) deep += "sin(";
  deep += "t" + std::string(500, ')');
  try {
    TimeFunction::parse(deep);
    FAIL();
  } catch (const ExpressionError& e) {
    EXPECT_NE(std::string(e.what()).find("nested 500 deep, more than the 24"), std::string::npos)
        << e.what();
    EXPECT_LT(std::string(e.what()).size(), 300u) << "the expression is echoed whole";
  }
  // 20 002 characters: past the 10 000 an expression may have
  EXPECT_THROW(TimeFunction::parse("t+" + std::string(20000, '1')), ExpressionError);
  // 20 nested products of t: small to write, but the derivative grows as a tree
  std::string product = "t";
  for (int k = 0; k < 20; ++k) product = "sin(t*" + product + ")";
  try {
    TimeFunction::parse(product);
    FAIL();
  } catch (const ExpressionError& e) {
    EXPECT_NE(std::string(e.what()).find("derivative grows past"), std::string::npos) << e.what();
  }
  // nesting within the limits is read
  std::string fine = "t";
  for (int k = 0; k < 6; ++k) fine = "sin(" + fine + ")";
  EXPECT_NEAR(
      TimeFunction::parse(fine).value(0.3),
      [] {
        double x = 0.3;
        for (int k = 0; k < 6; ++k) x = std::sin(x);
        return x;
      }(),
      1e-14);
}

// GiNaC's messages carry its function names and, for a parse error, a source frame on lines of
// their own; the user gets the point in a line.
TEST(TimeFunction, GinacMessagesInOurWords) {
  EXPECT_EQ(plainGinacMessage("power::eval(): division by zero"), "division by zero");
  EXPECT_EQ(plainGinacMessage(
                "GiNaC: parse error at line 0, column 0: unexpected token, got: EOF\n[frame]"),
            "it ends before it is complete");
  EXPECT_EQ(plainGinacMessage("find_or_insert_symbol: symbol \"omega\" not found"),
            "unknown name \"omega\" (an expression knows t and pi)");
  // and no message that reaches the user has a line break, GiNaC's name or a C++ scope
  for (const char* text : {"sin(omega*t)", "cos(2*t", "1/(t-t)", "2^3^t"}) {
    try {
      TimeFunction::parse(text);
      ADD_FAILURE() << text << " was accepted";
    } catch (const ExpressionError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
      EXPECT_EQ(what.find("GiNaC"), std::string::npos) << what;
      EXPECT_EQ(what.find("::"), std::string::npos) << what;
    }
  }
}

// --- piecewise functions and rates ---------------------------------------------------------------

TEST(TimeFunction, PiecewisePiecesHoldUpToTheirBreaks) {
  // the crank angle of the lateral-buckling benchmark (Zhang et al. 2022 eq 24)
  const TimeFunction f = TimeFunction::piecewise(
      {0.4}, {TimeFunction::parse("pi/2*(1 - cos(pi*t/0.4))"), TimeFunction::parse("pi")});
  // 0 at t = 0 rising to pi at the break t = 0.4, then the constant pi
  EXPECT_FALSE(f.isConstant());
  EXPECT_NEAR(f.value(0.2), M_PI / 2, 1e-15);
  EXPECT_NEAR(f.value(0.4), M_PI, 1e-15);
  EXPECT_EQ(f.value(0.7), M_PI);
  // the first piece's derivative by hand; the constant piece has none
  const TimeFunctionValue before = f.evaluate(0.3), after = f.evaluate(0.5);
  EXPECT_NEAR(before.df, M_PI / 2 * M_PI / 0.4 * std::sin(M_PI * 0.3 / 0.4), 1e-13);
  EXPECT_EQ(after.df, 0.0);
  EXPECT_EQ(after.ddf, 0.0);
  // breaks out of order, or not one piece more than the breaks
  EXPECT_THROW(
      TimeFunction::piecewise({1.0, 0.5}, {TimeFunction(), TimeFunction(), TimeFunction()}),
      ExpressionError);
  EXPECT_THROW(TimeFunction::piecewise({1.0}, {TimeFunction()}), ExpressionError);
}

TEST(TimeFunction, RatesIntegrateExactlyToContinuousFunctions) {
  // the spin-rate profile of the rotating shaft (Zhang et al. 2022 eq 25) and its angle
  const std::vector<double> breaks{0.0, 0.5, 1.0, 1.25};
  const std::vector<std::string> rate{"0", "24*(1 - cos(pi*t/0.5))", "48",
                                      "48 + 12*(1 - cos(pi*(t - 1)/0.25))", "72"};
  const TimeFunction angle = TimeFunction::integral(breaks, rate, 0.0, 0.0);
  auto exact = [](double t) {  // the integral written by hand
    if (t <= 0.0) return 0.0;
    if (t <= 0.5) return 24.0 * (t - 0.5 / M_PI * std::sin(M_PI * t / 0.5));
    if (t <= 1.0) return 12.0 + 48.0 * (t - 0.5);
    const double a = 36.0;
    if (t <= 1.25)
      return a + 48.0 * (t - 1.0) +
             12.0 * ((t - 1.0) - 0.25 / M_PI * std::sin(M_PI * (t - 1.0) / 0.25));
    return a + 12.0 + 3.0 + 72.0 * (t - 1.25);
  };
  // the angle against the hand-written integral, before, across and after every break
  for (double t : {-0.5, 0.0, 0.2, 0.5, 0.7, 1.0, 1.1, 1.25, 2.5}) {
    EXPECT_NEAR(angle.value(t), exact(t), 1e-12) << "t = " << t;
    const TimeFunctionValue v = angle.evaluate(t);
    const double h = 1e-6;
    if (t != 0.0 && t != 0.5 && t != 1.0 && t != 1.25) {  // the rate is exact inside the pieces
      EXPECT_NEAR(v.df, (angle.value(t + h) - angle.value(t - h)) / (2 * h), 1e-6) << "t = " << t;
    }
  }
  // the rate itself on the last piece, and the derivative of the rate on the fourth
  EXPECT_NEAR(angle.evaluate(2.0).df, 72.0, 1e-12);
  EXPECT_NEAR(angle.evaluate(1.1).ddf, 12.0 * M_PI / 0.25 * std::sin(M_PI * 0.1 / 0.25), 1e-10);
  // a value given at another time shifts every piece
  EXPECT_NEAR(TimeFunction::integral({}, {"2*t + exp(3*t)"}, 1.0, 5.0).value(2.0),
              5.0 + (4.0 - 1.0) + (std::exp(6.0) - std::exp(3.0)) / 3.0, 1e-9);
}

TEST(TimeFunction, RatesOutsideTheIntegrableFormsAreRefused) {
  // a non-linear argument, 1/t (a logarithm) and a product needing integration by parts
  EXPECT_THROW(TimeFunction::integral({}, {"sin(t^2)"}, 0.0, 0.0), ExpressionError);
  EXPECT_THROW(TimeFunction::integral({}, {"1/t"}, 1.0, 0.0), ExpressionError);
  EXPECT_THROW(TimeFunction::integral({}, {"t*cos(t)"}, 0.0, 0.0), ExpressionError);
}

}  // namespace
}  // namespace mbw
