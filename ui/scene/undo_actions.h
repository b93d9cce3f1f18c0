#pragma once
// Undo (Ctrl+Z) and redo (Ctrl+Shift+Z) of scene edits, named in words after the edit they undo
// ("Undo: mass of body_2"), disabled with nothing to undo.

#include <QObject>

class QAction;
class QUndoStack;

namespace mbw::ui {

class UndoActions : public QObject {
  Q_OBJECT

 public:
  UndoActions(QUndoStack& stack, QObject* parent);
  QAction* undo() const { return undo_; }
  QAction* redo() const { return redo_; }

 private:
  void update();

  QUndoStack& stack_;
  QAction* undo_;
  QAction* redo_;
};

}  // namespace mbw::ui
