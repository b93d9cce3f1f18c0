#include "scene_library_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QPushButton>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "solvers/constraint_rank.h"
#include "workbench_icons.h"

namespace mbw::ui {

// --- the dialog ----------------------------------------------------------------------------------

SceneLibraryDialog::SceneLibraryDialog(QWidget* parent)
    : QDialog(parent), list_(new QTreeWidget(this)) {
  setWindowTitle(tr("Scene library"));
  // the built-in scenes in four columns: name, bodies, degrees of freedom, description
  list_->setColumnCount(4);
  list_->setHeaderLabels({tr("Scene"), tr("Bodies"), tr("DOF"), tr("Description")});
  // a flat list, wrapped and striped, each scene with its icon
  list_->setRootIsDecorated(false);
  list_->setWordWrap(true);
  list_->setAlternatingRowColors(true);
  list_->setIconSize(QSize(32, 32));
  // each scene loaded to count its bodies and degrees of freedom
  for (const BuiltinScene& s : builtinScenes()) {
    // its name shown and kept as the item's data, with its icon
    auto* item = new QTreeWidgetItem(list_);
    item->setText(0, QString::fromStdString(s.name));
    item->setData(0, Qt::UserRole, QString::fromStdString(s.name));
    item->setIcon(0, resources::sceneIcon(QString::fromStdString(s.name)));
    // a scene that does not load says why in its description
    try {
      const Model m = parseScene(s.text, "builtin:" + s.name);
      item->setText(1, QString::number(m.bodyCount()));
      item->setText(2, QString::number(degreesOfFreedom(m)));
      item->setText(3, QString::fromStdString(m.description));
      item->setToolTip(3, QString::fromStdString(m.description));
    } catch (const std::exception& e) {
      item->setText(3, tr("does not load: %1").arg(QString::fromUtf8(e.what())));
    }
  }
  // the counts as wide as they need; the descriptions take the rest
  for (int c = 0; c < 3; ++c) list_->resizeColumnToContents(c);
  list_->header()->setStretchLastSection(true);
  // the descriptions wrap within their column: rows as tall as their text at its width
  connect(list_->header(), &QHeaderView::sectionResized, this, [this](int column) {
    if (column == 3) fitRows();
  });
  // the first scene chosen at first
  if (list_->topLevelItemCount() > 0) list_->setCurrentItem(list_->topLevelItem(0));

  // open the scene chosen (or one double-clicked), or a file instead
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
  QPushButton* file = buttons->addButton(tr("Open file..."), QDialogButtonBox::ActionRole);
  // "Open file..." closes the dialog asking for a file
  connect(file, &QPushButton::clicked, this, [this] {
    openFile_ = true;
    accept();
  });
  // Open takes the current scene
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    if (list_->currentItem()) chosen_ = list_->currentItem()->data(0, Qt::UserRole).toString();
    accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  // a double click opens that scene
  connect(list_, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
    chosen_ = item->data(0, Qt::UserRole).toString();
    accept();
  });
  // the list above the buttons
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(list_);
  layout->addWidget(buttons);
  resize(960, 560);
}

// --- rows fitted to their wrapped text -----------------------------------------------------------

void SceneLibraryDialog::resizeEvent(QResizeEvent* event) {
  QDialog::resizeEvent(event);
  // once the list and its columns have taken their new sizes
  QTimer::singleShot(0, this, &SceneLibraryDialog::fitRows);
}

// each row as tall as its text wrapped at the column's width (at least leastHeight)
void fitWrappedRows(QTreeWidget& list, int column, int leastHeight) {
  // the cell's width less the focus frame's margins on both sides
  const int margin =
      2 * (list.style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, &list) + 1);
  const int width = std::max(40, list.header()->sectionSize(column) - margin);
  const QFontMetrics metrics = list.fontMetrics();
  for (int k = 0; k < list.topLevelItemCount(); ++k) {
    QTreeWidgetItem* item = list.topLevelItem(k);
    // the text's height wrapped at that width, with a few pixels of air
    const int text =
        metrics.boundingRect(QRect(0, 0, width, 100000), Qt::TextWordWrap, item->text(column))
            .height();
    item->setSizeHint(column, QSize(width, std::max(text + 6, leastHeight)));
  }
  list.doItemsLayout();
}

void SceneLibraryDialog::fitRows() { fitWrappedRows(*list_, 3, list_->iconSize().height() + 4); }

}  // namespace mbw::ui
