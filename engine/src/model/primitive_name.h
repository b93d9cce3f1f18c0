#pragma once
// A primitive's name in messages and summaries (the scene reader's notes, `mbw-cli validate`): the
// names Kissel et al. 2021 give the primitives of eqs (1)-(4), the driver in words.

#include <string>

#include "model/model.h"

namespace mbw {

inline std::string primitiveName(PrimitiveType type) {
  switch (type) {
    case PrimitiveType::DP1:
      return "DP1";
    case PrimitiveType::DP2:
      return "DP2";
    case PrimitiveType::D:
      return "D";
    case PrimitiveType::CD:
      return "CD";
    case PrimitiveType::AngleDriver:
      return "angle driver";
  }
  return "?";
}

}  // namespace mbw
