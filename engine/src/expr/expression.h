#pragma once
// Time functions f(t) written in scenes (drivers, actuator forces), with exact derivatives.
//
// The text is parsed and differentiated symbolically by GiNaC (f', f'' and f''' are exact, never
// finite differences); each of them is then compiled into a small postfix program of double
// operations, so evaluation in the step loop costs a few dozen flops and allocates nothing.
// Grammar: numbers, t, pi, + - * / ^, parentheses, and the functions
// sin cos tan asin acos atan sinh cosh tanh exp log sqrt abs pow(x, y) atan2(y, x).
// Limits, checked before GiNaC works (its cost grows fast with nesting): 10 000 characters,
// parentheses nested 24 deep, and 20 000 operations in the function and in each derivative.
//
// Piecewise functions: smooth pieces, each valid up to (and at) its break time, the last one
// after the last break. A rate integrated exactly: the antiderivative of each piece
// (expr/antiderivative.h), the pieces' constants chosen so that the function is continuous and
// takes a given value at a given time (e.g. a spin angle from a spin-rate profile).

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

// A GiNaC error message in the project's words: its first line, without GiNaC's function names
// and source frames ("power::eval(): division by zero" -> "division by zero").
std::string plainGinacMessage(const std::string& what);

// f(t) and its first two derivatives at one time.
struct TimeFunctionValue {
  double f = 0.0;
  double df = 0.0;
  double ddf = 0.0;
};

class CompiledProgram;

}  // namespace mbw

namespace GiNaC {
class ex;
class symbol;
}  // namespace GiNaC

namespace mbw {

class TimeFunction {
 public:
  // The zero function.
  TimeFunction();
  // A constant (no parsing involved).
  static TimeFunction constant(double value);
  // Parses text; throws ExpressionError.
  static TimeFunction parse(const std::string& text);
  // pieces[k] for t <= breaks[k] (k < breaks.size()), the last piece after the last break;
  // pieces.size() == breaks.size() + 1, breaks increasing. Throws ExpressionError.
  static TimeFunction piecewise(std::vector<double> breaks, std::vector<TimeFunction> pieces);
  // value + the integral from t0 to t of the piecewise rate of the texts (one piece if no breaks),
  // exact; throws ExpressionError for a piece it cannot integrate
  static TimeFunction integral(const std::vector<double>& breaks,
                               const std::vector<std::string>& rates, double t0, double value);

  TimeFunctionValue evaluate(double t) const;
  double value(double t) const;
  // the third derivative, for the time derivative of accelerations (Rosenbrock methods, Sandu et
  // al. 2001 eq 46)
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
  // a piecewise function: its breaks and pieces (empty for a smooth one)
  std::vector<double> breaks_;
  std::vector<TimeFunction> pieces_;
  const TimeFunction& pieceAt(double t) const;
  // a smooth function from its symbolic form in t
  static TimeFunction fromExpression(const GiNaC::ex& e, const GiNaC::symbol& t,
                                     const std::string& text);
};

}  // namespace mbw
