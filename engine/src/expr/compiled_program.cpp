#include "expr/compiled_program.h"

#include <ginac/ginac.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "expr/expression.h"

namespace mbw {
namespace {

// a text that names an expression whatever order GiNaC keeps the operands of its sums and
// products in: GiNaC orders them by hash values seeded from the addresses of type names, which
// differ from one process to the next, so its own printing does not do
std::string canonicalKey(const GiNaC::ex& e) {
  using namespace GiNaC;
  std::ostringstream os;
  // sums and products: their operands' keys sorted
  if (is_a<add>(e) || is_a<mul>(e)) {
    std::vector<std::string> keys;
    for (size_t i = 0; i < e.nops(); ++i) keys.push_back(canonicalKey(e.op(i)));
    std::sort(keys.begin(), keys.end());
    os << (is_a<add>(e) ? "+(" : "*(");
    for (const std::string& k : keys) os << k << ',';
    os << ')';
    // the rest in their fixed order
  } else if (is_a<power>(e)) {
    os << "^(" << canonicalKey(e.op(0)) << ',' << canonicalKey(e.op(1)) << ')';
  } else if (is_a<function>(e)) {
    // a function: its name, then its arguments' keys in order
    os << ex_to<function>(e).get_name() << '(';
    for (size_t i = 0; i < e.nops(); ++i) os << canonicalKey(e.op(i)) << ',';
    os << ')';
  } else {
    os << e;  // numbers, symbols, constants
  }
  return os.str();
}

}  // namespace

// --- compiling GiNaC's tree into a stack program -------------------------------------------------

// the program in postfix order: operands first, then the operation that pops them
CompiledProgram::CompiledProgram(const GiNaC::ex& expression, const GiNaC::symbol& t) {
  emit(expression, t, 0);
}

void CompiledProgram::push(Op op, int count, double value) {
  program_.push_back({op, count, value});
  // track the stack height the program needs
  switch (op) {
    case Op::Constant:
    case Op::Time:
      ++stackDepth_;
      break;
    // an n-ary sum or product pops n values and pushes one
    case Op::Add:
    case Op::Mul:
      stackDepth_ -= count - 1;
      break;
    // two operands in, one out
    case Op::Pow:
    case Op::Atan2:
      --stackDepth_;
      break;
    // functions and whole powers replace the top value: no change
    default:
      break;
  }
  // a program deeper than the fixed stack is refused; the deepest point sets the stack it needs
  if (stackDepth_ > kMaxStack) throw ExpressionError("expression is nested too deeply");
  stackNeed_ = std::max(stackNeed_, stackDepth_);
}

void CompiledProgram::emit(const GiNaC::ex& e, const GiNaC::symbol& t, int depth) {
  using namespace GiNaC;
  // a bound on the recursion itself, far above any scene's expressions
  if (depth > 200) throw ExpressionError("expression is nested too deeply");
  // numbers, t and constants such as pi push one value
  if (is_a<numeric>(e)) {
    const numeric& n = ex_to<numeric>(e);
    if (!n.is_real()) throw ExpressionError("expression has a complex value");
    push(Op::Constant, 0, n.to_double());
    return;
  }
  if (is_a<symbol>(e)) {
    // t is the only symbol an expression may hold
    if (!e.is_equal(t))
      throw ExpressionError("unknown symbol '" + ex_to<symbol>(e).get_name() + "'");
    push(Op::Time);
    return;
  }
  if (is_a<constant>(e)) {
    // a constant (pi) by its numeric value
    push(Op::Constant, 0, ex_to<numeric>(e.evalf()).to_double());
    return;
  }
  // sums and products: each operand, then one instruction over all of them
  if (is_a<add>(e) || is_a<mul>(e)) {
    // operands in an order of their own, so that the rounding of the sum or product is the same
    // in every process (GiNaC's order is not)
    std::vector<std::pair<std::string, ex>> operands;
    for (size_t i = 0; i < e.nops(); ++i) operands.emplace_back(canonicalKey(e.op(i)), e.op(i));
    std::sort(operands.begin(), operands.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    // accumulated two at a time from the last operand down, so that a sum of many terms needs a
    // stack of two more values, not one per term (the roundings are those of one n-ary operation,
    // which takes the operands from the top of the stack: last, last but one, ...)
    const Op op = is_a<add>(e) ? Op::Add : Op::Mul;
    for (auto it = operands.rbegin(); it != operands.rend(); ++it) {
      emit(it->second, t, depth + 1);
      if (it != operands.rbegin()) push(op, 2);
    }
    return;
  }
  // powers: whole exponents up to 64 by repeated squaring, 1/2 as a square root, others by pow
  if (is_a<power>(e)) {
    emit(e.op(0), t, depth + 1);
    const ex exponent = e.op(1);
    if (is_a<numeric>(exponent) && ex_to<numeric>(exponent).is_integer() &&
        std::abs(ex_to<numeric>(exponent).to_double()) <= 64) {
      push(Op::PowInt, static_cast<int>(ex_to<numeric>(exponent).to_int()));
    } else if (exponent.is_equal(numeric(1, 2))) {
      push(Op::Sqrt);
    } else {
      emit(exponent, t, depth + 1);
      push(Op::Pow);
    }
    return;
  }
  // functions of one argument by the table; atan2 of two
  if (is_a<function>(e)) {
    const std::string name = ex_to<function>(e).get_name();
    static const std::pair<const char*, Op> unary[] = {
        {"sin", Op::Sin},   {"cos", Op::Cos},   {"tan", Op::Tan},   {"asin", Op::Asin},
        {"acos", Op::Acos}, {"atan", Op::Atan}, {"sinh", Op::Sinh}, {"cosh", Op::Cosh},
        {"tanh", Op::Tanh}, {"exp", Op::Exp},   {"log", Op::Log},   {"abs", Op::Abs},
        {"csgn", Op::Sign}};  // csgn appears in the derivative of abs; sign(x) for real x
    for (const auto& [fname, op] : unary) {
      if (name == fname && e.nops() == 1) {
        emit(e.op(0), t, depth + 1);
        push(op);
        return;
      }
    }
    if (name == "atan2" && e.nops() == 2) {
      emit(e.op(0), t, depth + 1);
      emit(e.op(1), t, depth + 1);
      push(Op::Atan2);
      return;
    }
    // any other function GiNaC knows (lgamma, zeta, ...) is refused
    throw ExpressionError("function '" + name + "' is not supported");
  }
  // anything else GiNaC can hold has no program here
  throw ExpressionError("unsupported construct in expression");
}

// --- evaluation ----------------------------------------------------------------------------------

double CompiledProgram::evaluate(double t) const {
  // a fixed stack of the depth the compiler allowed: no allocation per call
  std::array<double, kMaxStack> stack;
  int top = 0;  // number of values on the stack
  for (const Instruction& in : program_) {
    switch (in.op) {
      // constants and t push; sums and products pop their count and push the result
      case Op::Constant:
        stack[top++] = in.value;
        break;
      case Op::Time:
        stack[top++] = t;
        break;
      case Op::Add: {
        double s = 0.0;
        for (int k = 0; k < in.count; ++k) s += stack[--top];
        stack[top++] = s;
        break;
      }
      case Op::Mul: {
        double p = 1.0;
        for (int k = 0; k < in.count; ++k) p *= stack[--top];
        stack[top++] = p;
        break;
      }
      // whole powers by binary exponentiation, negative ones as the inverse
      case Op::PowInt: {
        double& x = stack[top - 1];
        int n = in.count;
        const bool invert = n < 0;
        if (invert) n = -n;
        double r = 1.0, b = x;
        // n's bits from the lowest: r gathers the squares b = x^(2^i) of the bits set
        for (; n > 0; n >>= 1, b *= b)
          if (n & 1) r *= b;
        x = invert ? 1.0 / r : r;
        break;
      }
      // two-argument operations pop one value and replace the other
      case Op::Pow: {
        const double y = stack[--top];
        stack[top - 1] = std::pow(stack[top - 1], y);
        break;
      }
      case Op::Atan2: {
        const double x = stack[--top];
        stack[top - 1] = std::atan2(stack[top - 1], x);
        break;
      }
      // functions replace the top value
      case Op::Sin:
        stack[top - 1] = std::sin(stack[top - 1]);
        break;
      case Op::Cos:
        stack[top - 1] = std::cos(stack[top - 1]);
        break;
      case Op::Tan:
        stack[top - 1] = std::tan(stack[top - 1]);
        break;
      case Op::Asin:
        stack[top - 1] = std::asin(stack[top - 1]);
        break;
      case Op::Acos:
        stack[top - 1] = std::acos(stack[top - 1]);
        break;
      case Op::Atan:
        stack[top - 1] = std::atan(stack[top - 1]);
        break;
      case Op::Sinh:
        stack[top - 1] = std::sinh(stack[top - 1]);
        break;
      case Op::Cosh:
        stack[top - 1] = std::cosh(stack[top - 1]);
        break;
      case Op::Tanh:
        stack[top - 1] = std::tanh(stack[top - 1]);
        break;
      case Op::Exp:
        stack[top - 1] = std::exp(stack[top - 1]);
        break;
      case Op::Log:
        stack[top - 1] = std::log(stack[top - 1]);
        break;
      // a power 1/2, as compiled
      case Op::Sqrt:
        stack[top - 1] = std::sqrt(stack[top - 1]);
        break;
      case Op::Abs:
        stack[top - 1] = std::abs(stack[top - 1]);
        break;
      // -1, 0 or 1 (GiNaC's csgn of a real argument)
      case Op::Sign:
        stack[top - 1] = (stack[top - 1] > 0.0) - (stack[top - 1] < 0.0);
        break;
    }
  }
  // the one value left is the expression's
  return stack[0];
}

}  // namespace mbw
