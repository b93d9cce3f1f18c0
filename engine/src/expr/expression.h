#pragma once
// Time functions f(t) written in scenes (drivers, actuator forces), with exact derivatives.
//
// The text is parsed and differentiated symbolically by GiNaC (f', f'' and f''' are exact, never
// finite differences); each of them is then compiled into a small postfix program of double
// operations, so evaluation in the step loop costs a few dozen flops and allocates nothing.
// Grammar: numbers, t, pi, + - * / ^, parentheses, and the functions
// sin cos tan asin acos atan sinh cosh tanh exp log sqrt abs pow(x, y) atan2(y, x).

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace mbw {

// Thrown when an expression cannot be parsed; what() says why.
class ExpressionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// f(t) and its first two derivatives at one time.
struct TimeFunctionValue {
  double f = 0.0;
  double df = 0.0;
  double ddf = 0.0;
};

class CompiledProgram;

class TimeFunction {
 public:
  // The zero function.
  TimeFunction();
  // A constant (no parsing involved).
  static TimeFunction constant(double value);
  // Parses text; throws ExpressionError.
  static TimeFunction parse(const std::string& text);

  TimeFunctionValue evaluate(double t) const;
  double value(double t) const;
  // the third derivative, for the time derivative of accelerations (Rosenbrock methods, seed 000
  // eq 46)
  double thirdDerivative(double t) const;

  bool isConstant() const { return constant_; }
  const std::string& text() const { return text_; }
  // The symbolic derivatives as text (for documentation and tests).
  const std::string& derivativeText() const { return derivativeText_; }
  const std::string& secondDerivativeText() const { return secondDerivativeText_; }

 private:
  std::string text_;
  std::string derivativeText_;
  std::string secondDerivativeText_;
  bool constant_ = true;
  double constantValue_ = 0.0;
  std::shared_ptr<const CompiledProgram> f_, df_, ddf_, dddf_;  // shared: immutable once compiled
};

}  // namespace mbw
