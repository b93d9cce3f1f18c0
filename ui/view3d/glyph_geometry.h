#pragma once
// The VTK geometry of each glyph kind, in the glyph's own frame: single-body glyphs at their size;
// two-end glyphs (Coil, Link) along z from 0 to 1, stretched between their ends when placed.

#include <vtkSmartPointer.h>

#include "scene_glyphs.h"

class vtkPolyData;

namespace mbw::ui {

vtkSmartPointer<vtkPolyData> glyphGeometry(const Glyph& glyph);

// true for glyphs stretched between two ends
bool isTwoEnded(GlyphKind kind);

}  // namespace mbw::ui
