#pragma once
// A body's orientation in the scene's JSON (a rotation matrix, Euler parameters, ZXZ angles, or an
// axis and an angle) read as a rotation and written back in the form the scene used, so that an
// edit made as angles (or by Assemble) leaves the file in its own representation; numbers within
// round-off of the ones there (or of 0) written as those (solvers/clean_numbers.h). The angle
// sequences the workbench edits orientations in: three angles of a sequence of axes, or an axis
// and an angle.

#include <QString>
#include <QStringList>

#include "math/types.h"
#include "scene_document.h"

namespace mbw::ui {

// The rotation of an orientation object (the identity when it is null); false when it is none of
// the four forms or its numbers are not numbers.
bool rotationOf(const SceneJson& orientation, Mat3* R);

// R in the form `given` writes its orientation (Euler parameters when it is null), cleaned against
// its numbers.
SceneJson orientationJson(const Mat3& R, const SceneJson& given);

// The sequences of the angle editor: "z-y-x" (yaw, pitch, roll about the turned axes), "x-y-z",
// "z-x-z", and "axis-angle".
QStringList angleSequences();
// The angles of R in a sequence, degrees (three; for axis-angle the axis' three components and
// the angle, the axis on the side of `axisHint`)
std::vector<double> anglesOf(const Mat3& R, const QString& sequence,
                             const Vec3& axisHint = Vec3::UnitZ());
// R of angles in degrees; false when they are no rotation (a zero axis)
bool rotationFromAngles(const std::vector<double>& angles, const QString& sequence, Mat3* R);
// the sequence that reads a given orientation most naturally: "z-x-z" for zxz, "axis-angle" for
// an axis and angle, "z-y-x" otherwise
QString naturalSequence(const SceneJson& orientation);

}  // namespace mbw::ui
