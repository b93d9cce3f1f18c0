#pragma once
// The Model check panel: the engine's model check of the scene being edited
// (analysis/model_check.h) as a few counts (bodies, joints, coordinates, equations, redundant ones,
// drivers, degrees of freedom from the rank of Phi_q) over a list of what is worth a look, each
// said once beside the element it concerns: the loader's problems (red), warnings (a body joined to
// nothing, a pose near a singular position) and notes (equations left out as redundant). A click on
// a line selects its element.

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace mbw::ui {

class SceneDocument;

class ModelCheckPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ModelCheckPanel(SceneDocument& doc, QWidget* parent = nullptr);

  // the counts in one line, as the status bar shows them
  QString summary() const;
  // the lines listed: "element: sentence", in order
  QStringList lines() const;

 signals:
  // the element of a line the user clicked (its JSON pointer)
  void elementRequested(const QString& pointer);

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void refresh();
  // each line as tall as its sentence wrapped at the column's width
  void fitRows();

  SceneDocument& doc_;
  QLabel* counts_;
  QTreeWidget* list_;
};

// the JSON pointer of the scene element a path lies in ("/joints/3/point_i" -> "/joints/3")
QString elementPointer(const QString& path);

}  // namespace mbw::ui
