#include "scene_library_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QPushButton>
#include <QRegularExpression>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "solvers/constraint_rank.h"
#include "workbench_icons.h"

namespace mbw::ui {
namespace {

// the first sentence of a description (a colon or a semicolon does not end it)
QString firstSentence(const std::string& text) {
  const QString s = QString::fromStdString(text);
  const int end = static_cast<int>(s.indexOf(QRegularExpression("\\.(\\s|$)")));
  return end < 0 ? s : s.left(end + 1);
}

}  // namespace

SceneLibraryDialog::SceneLibraryDialog(QWidget* parent) : QDialog(parent), list_(new QTreeWidget(this)) {
  setWindowTitle(tr("Scene library"));
  list_->setColumnCount(4);
  list_->setHeaderLabels({tr("Scene"), tr("Bodies"), tr("DOF"), tr("Description")});
  list_->setRootIsDecorated(false);
  list_->setWordWrap(true);
  list_->setAlternatingRowColors(true);
  list_->setIconSize(QSize(32, 32));
  for (const BuiltinScene& s : builtinScenes()) {
    auto* item = new QTreeWidgetItem(list_);
    item->setText(0, QString::fromStdString(s.name));
    item->setData(0, Qt::UserRole, QString::fromStdString(s.name));
    item->setIcon(0, resources::sceneIcon(QString::fromStdString(s.name)));
    try {
      const Model m = parseScene(s.text, "builtin:" + s.name);
      item->setText(1, QString::number(m.bodyCount()));
      item->setText(2, QString::number(degreesOfFreedom(m)));
      item->setText(3, firstSentence(m.description));
      item->setToolTip(3, QString::fromStdString(m.description));
    } catch (const std::exception& e) {
      item->setText(3, tr("does not load: %1").arg(QString::fromUtf8(e.what())));
    }
  }
  for (int c = 0; c < 3; ++c) list_->resizeColumnToContents(c);
  list_->header()->setStretchLastSection(true);
  if (list_->topLevelItemCount() > 0) list_->setCurrentItem(list_->topLevelItem(0));

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
  QPushButton* file = buttons->addButton(tr("Open file..."), QDialogButtonBox::ActionRole);
  connect(file, &QPushButton::clicked, this, [this] {
    openFile_ = true;
    accept();
  });
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    if (list_->currentItem()) chosen_ = list_->currentItem()->data(0, Qt::UserRole).toString();
    accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(list_, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
    chosen_ = item->data(0, Qt::UserRole).toString();
    accept();
  });
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(list_);
  layout->addWidget(buttons);
  resize(900, 360);
}

}  // namespace mbw::ui
