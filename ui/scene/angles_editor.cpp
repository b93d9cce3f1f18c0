#include "angles_editor.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLineEdit>
#include <cmath>

#include "orientation_json.h"

namespace mbw::ui {
namespace {

// an angle to 12 significant digits, round-off below 1e-9 degrees shown as 0
QString angleText(double x) { return QString::number(std::abs(x) < 1e-9 ? 0.0 : x, 'g', 12); }

}  // namespace

// --- the editor ----------------------------------------------------------------------------------

AnglesEditor::AnglesEditor(QWidget* parent) : QWidget(parent) {
  setObjectName("angles");
  // the sequence over its angles: narrow enough for the property panel of a small screen
  auto* layout = new QGridLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(3);
  // the sequence of angles, from the property panel's choices
  sequence_ = new QComboBox(this);
  sequence_->setObjectName("sequence");
  sequence_->addItems(angleSequences());
  sequence_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  sequence_->setMinimumContentsLength(5);
  sequence_->setToolTip(
      tr("z-y-x: yaw, pitch and roll about the turned axes; x-y-z and z-x-z likewise; axis-angle: "
         "an axis (x, y, z) and the angle about it"));
  layout->addWidget(sequence_, 0, 0, 1, 4);
  // up to four boxes (three angles, or an axis and an angle); an edit counts when it is finished
  // and changed
  for (int k = 0; k < 4; ++k) {
    auto* box = new QLineEdit(this);
    box->setMinimumWidth(24);
    layout->addWidget(box, 1, k);
    layout->setColumnStretch(k, 1);
    boxes_.push_back(box);
    connect(box, &QLineEdit::editingFinished, this, [this, box] {
      // a box left unchanged leaves the scene alone
      if (!box->isModified()) return;
      box->setModified(false);
      emit edited();
    });
  }
  // another sequence shows the same rotation in its angles
  connect(sequence_, &QComboBox::currentTextChanged, this, [this] { show(shown_); });
  show(Mat3::Identity());
}

// --- the rotation shown and read back ------------------------------------------------------------

// a scene's orientation shown as angles; greyed out when it is not a rotation
void AnglesEditor::setOrientation(const SceneJson& orientation) {
  Mat3 R;
  if (!rotationOf(orientation, &R)) {
    setEnabled(false);
    return;
  }
  setEnabled(true);
  // an axis and angle keep the axis the scene gave as the hint for the sign
  if (orientation.is_object() && orientation.contains("axis") && orientation["axis"].is_array() &&
      orientation["axis"].size() == 3 && orientation["axis"][0].is_number() &&
      orientation["axis"][1].is_number() && orientation["axis"][2].is_number())
    axisHint_ = Vec3(orientation["axis"][0].get<double>(), orientation["axis"][1].get<double>(),
                     orientation["axis"][2].get<double>());
  show(R);
}

void AnglesEditor::setSequence(const QString& sequence) { sequence_->setCurrentText(sequence); }

QString AnglesEditor::sequence() const { return sequence_->currentText(); }

// the rotation in the sequence's angles, each box with its meaning in its tooltip
void AnglesEditor::show(const Mat3& R) {
  shown_ = R;
  const std::vector<double> a = anglesOf(R, sequence(), axisHint_);
  const bool axisAngle = a.size() == 4;
  // as many boxes as the sequence has numbers, each showing its start
  for (size_t k = 0; k < boxes_.size(); ++k) {
    boxes_[k]->setVisible(k < a.size());
    boxes_[k]->setText(k < a.size() ? angleText(a[k]) : QString());
    boxes_[k]->setCursorPosition(0);
    boxes_[k]->setToolTip(axisAngle && k < 3 ? tr("axis component %1").arg("xyz"[k])
                                             : tr("angle %1, degrees").arg(k + 1));
  }
}

// angles typed in (the tests)
void AnglesEditor::setAngles(const std::vector<double>& values) {
  for (size_t k = 0; k < boxes_.size() && k < values.size(); ++k)
    boxes_[k]->setText(QString::number(values[k], 'g', 17));
}

// the angles in the boxes, in degrees (an axis-angle's four numbers)
std::vector<double> AnglesEditor::angles() const {
  std::vector<double> out;
  // an axis and an angle take four numbers, the sequences three
  const size_t n = sequence() == "axis-angle" ? 4 : 3;
  for (size_t k = 0; k < n; ++k) out.push_back(boxes_[k]->text().trimmed().toDouble());
  return out;
}

// the rotation of the boxes; false when a box is not a number or they make no rotation
bool AnglesEditor::rotation(Mat3* R) const {
  const size_t n = sequence() == "axis-angle" ? 4 : 3;
  for (size_t k = 0; k < n; ++k) {
    // every box must read as a number
    bool ok = false;
    boxes_[k]->text().trimmed().toDouble(&ok);
    if (!ok) return false;
  }
  return rotationFromAngles(angles(), sequence(), R);
}

}  // namespace mbw::ui
