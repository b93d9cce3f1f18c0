#include "undo_actions.h"

#include <QAction>
#include <QUndoStack>

namespace mbw::ui {

// undo and redo with the platform's keys, following the stack
UndoActions::UndoActions(QUndoStack& stack, QObject* parent)
    : QObject(parent), stack_(stack), undo_(new QAction(this)), redo_(new QAction(this)) {
  undo_->setShortcut(QKeySequence::Undo);
  redo_->setShortcut(QKeySequence::Redo);
  // the actions act on the stack and follow its index and clean state
  connect(undo_, &QAction::triggered, &stack_, &QUndoStack::undo);
  connect(redo_, &QAction::triggered, &stack_, &QUndoStack::redo);
  connect(&stack_, &QUndoStack::indexChanged, this, &UndoActions::update);
  connect(&stack_, &QUndoStack::cleanChanged, this, &UndoActions::update);
  update();
}

// enabled when there is something to undo or redo, named after it
void UndoActions::update() {
  undo_->setEnabled(stack_.canUndo());
  redo_->setEnabled(stack_.canRedo());
  // the texts name the edit undone or redone
  undo_->setText(stack_.canUndo() ? tr("&Undo: %1").arg(stack_.undoText()) : tr("&Undo"));
  redo_->setText(stack_.canRedo() ? tr("&Redo: %1").arg(stack_.redoText()) : tr("&Redo"));
  undo_->setToolTip(stack_.canUndo() ? tr("Undo: %1 (Ctrl+Z)").arg(stack_.undoText())
                                     : tr("Nothing to undo"));
  redo_->setToolTip(stack_.canRedo() ? tr("Redo: %1 (Ctrl+Shift+Z)").arg(stack_.redoText())
                                     : tr("Nothing to redo"));
}

}  // namespace mbw::ui
