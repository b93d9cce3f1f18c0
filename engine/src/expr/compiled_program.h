#pragma once
// A postfix program of double operations compiled from a GiNaC expression in one variable t.
// The operands of sums and products are evaluated in an order of their own (by a canonical text
// of each operand), not in GiNaC's: GiNaC orders them by hash values seeded from the addresses of
// type names, which differ between processes, and a different order rounds differently, so the
// same scene gave runs that differed in the last bits from one process to the next (and a Newton
// iteration at the edge of convergence could fail in one and not in the other).

#include <vector>

namespace GiNaC {
class ex;
class symbol;
}  // namespace GiNaC

namespace mbw {

class CompiledProgram {
 public:
  // Throws ExpressionError for constructs that have no double evaluation here.
  CompiledProgram(const GiNaC::ex& expression, const GiNaC::symbol& t);

  double evaluate(double t) const;

 private:
  enum class Op : unsigned char {
    Constant,
    Time,
    Add,
    Mul,
    PowInt,
    Pow,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Exp,
    Log,
    Sqrt,
    Abs,
    Sign
  };
  struct Instruction {
    Op op;
    int count = 0;       // operands of Add/Mul, exponent of PowInt
    double value = 0.0;  // constant
  };
  static constexpr int kMaxStack = 64;

  void emit(const GiNaC::ex& e, const GiNaC::symbol& t, int depth);
  void push(Op op, int count = 0, double value = 0.0);

  std::vector<Instruction> program_;
  int stackNeed_ = 0;
  int stackDepth_ = 0;
};

}  // namespace mbw
