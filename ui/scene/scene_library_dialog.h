#pragma once
// The built-in scenes as a list: name, bodies, degrees of freedom and the scene's description,
// whole, wrapped within its column; double click or Open loads one, "Open file..." any scene file.

#include <QDialog>

class QTreeWidget;

namespace mbw::ui {

// each row of a list as tall as its text in `column` wrapped at the column's width (at least
// leastHeight pixels)
void fitWrappedRows(QTreeWidget& list, int column, int leastHeight);

class SceneLibraryDialog : public QDialog {
  Q_OBJECT

 public:
  explicit SceneLibraryDialog(QWidget* parent = nullptr);

  // the built-in scene chosen ("" when the user chose to open a file instead)
  QString chosenScene() const { return chosen_; }
  bool openFileRequested() const { return openFile_; }

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  // each row as tall as its description wrapped at the column's width
  void fitRows();

  QTreeWidget* list_;
  QString chosen_;
  bool openFile_ = false;
};

}  // namespace mbw::ui
