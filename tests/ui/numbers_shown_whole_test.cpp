// No number is cut at 1280x800: every column of the run list, every number in a field of every
// element of every built-in scene (with its name and unit), every cell and row title of the
// comparison table, the scene library's descriptions and the integrator list's family headers are
// shown whole (a long text that is not a number: elided visibly with the whole text in the
// tooltip).

#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QRegularExpression>
#include <QListView>
#include <QScreen>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTreeView>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>
#include <cmath>
#include <limits>

#include "comparison_table.h"
#include "field_editor.h"
#include "main_window.h"
#include "model_tree.h"
#include "property_panel.h"
#include "run_actions.h"
#include "run_config_panel.h"
#include "run_controller.h"
#include "run_library.h"
#include "run_list_model.h"
#include "run_list_panel.h"
#include "scene/builtin_scenes.h"
#include "scene/scene_reader.h"
#include "scene_file_actions.h"
#include "scene_library_dialog.h"

using namespace mbw;
using mbw::gui::MainWindow;

namespace {

// opens a scene and runs it with the panel's settings, t_end and the integrator changed
void run(MainWindow& w, const char* scene, double tEnd, const QString& integrator) {
  QVERIFY(w.fileActions().openScene(scene));
  w.runConfig().setTEnd(tEnd);
  QVERIFY(w.runConfig().setIntegrator(integrator));
  QSignalSpy idle(&w.controller(), &ui::RunController::idle);
  QVERIFY(w.runActions().startRun());
  QVERIFY(idle.wait(120000));
}

// the width a text needs in a box as QLineEdit draws it: its frame, 2 pixels of margin each side,
// one for the cursor
int widthNeeded(const QLineEdit* box, const QString& text) {
  const int frame =
      box->hasFrame() ? box->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, box) : 0;
  return box->fontMetrics().horizontalAdvance(text) + 1 + 2 * 2 + 2 * frame;
}

// a number fits its box; other text fits, or the box shows it elided and its tooltip holds it whole
bool shownWhole(const QLineEdit* box, const ui::FieldEditor* editor) {
  if (widthNeeded(box, box->text()) <= box->width()) return true;
  bool number = false;
  box->text().trimmed().toDouble(&number);
  return !number && editor->elided() && box->toolTip() == box->text();
}

// the height a text takes wrapped at word boundaries in a width (a word wider than it: never fits)
int wrappedHeight(const QFontMetrics& metrics, const QString& text, int width) {
  for (const QString& word : text.split(QRegularExpression("\\s+"), Qt::SkipEmptyParts))
    if (metrics.horizontalAdvance(word) > width) return std::numeric_limits<int>::max();
  return metrics.boundingRect(QRect(0, 0, width, 100000), Qt::TextWordWrap, text).height();
}

// the width, in pixels of the image, from the first to the last column of a rectangle that holds a
// pixel unlike the rectangle's background (its top-right pixel)
int inkWidth(const QImage& image, const QRect& rect) {
  const QRect r = rect.intersected(image.rect());
  const QColor background = image.pixelColor(r.right(), r.top());
  int first = -1, last = -1;
  for (int x = r.left(); x <= r.right(); ++x)
    for (int y = r.top(); y <= r.bottom(); ++y) {
      const QColor c = image.pixelColor(x, y);
      if (std::abs(c.red() - background.red()) + std::abs(c.green() - background.green()) +
              std::abs(c.blue() - background.blue()) >
          24) {
        if (first < 0) first = x;
        last = x;
        break;
      }
    }
  return first < 0 ? 0 : last - first + 1;
}

// a window of 1280x800, shown
std::unique_ptr<MainWindow> smallWindow() {
  auto w = std::make_unique<MainWindow>();
  w->resize(1280, 800);
  w->show();
  if (!QTest::qWaitForWindowExposed(w.get())) return nullptr;
  return w;
}

}  // namespace

class NumbersShownWholeTest : public QObject {
  Q_OBJECT

 private slots:
  // the workbench's settings kept apart from the user's own
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  // --- the run list and the comparison table -----------------------------------------------------

  // the run list and the comparison table of two vehicle runs (energy balances of a few joules,
  // violations of 1e-10, hundreds of steps)
  // (a number cut short there misleads a user comparing the runs)
  void theRunListAndTheComparisonTable() {
    const auto w = smallWindow();
    QVERIFY(w);
    run(*w, "hmmwv-bump", 0.2, "rn4");
    run(*w, "hmmwv-bump", 0.2, "w2");
    // the first run as the reference, so that the table has differences to show
    w->runs().setReference(w->runs().runs().front()->id);
    w->showBottomTab(0);
    QTest::qWait(100);

    // run list: every column in view; every number whole (the settings elided with a tooltip)
    QTreeView* view = w->runList().view();
    ui::RunListModel* model = w->runList().model();
    const QModelIndex group = model->index(0, 0);
    // two runs in the scene's group
    QCOMPARE(model->rowCount(group), 2);
    // the columns fit the view
    QVERIFY(view->header()->length() <= view->viewport()->width());
    for (int row = 0; row < 2; ++row)
      for (int c = 0; c < ui::RunListModel::ColumnCount; ++c) {
        const QModelIndex i = model->index(row, c, group);
        const QString text = i.data().toString();
        if (c == ui::RunListModel::Settings) {
          QCOMPARE(i.data(Qt::ToolTipRole).toString(),
                   w->runs().find(model->runIdAt(i))->settingsText());
          continue;
        }
        // each other cell's text fits its column with the view's margins
        const int need = view->fontMetrics().horizontalAdvance(text) +
                         2 * view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin);
        QVERIFY2(need <= view->header()->sectionSize(c),
                 qPrintable(QString("column %1: '%2' needs %3, has %4")
                                .arg(c)
                                .arg(text)
                                .arg(need)
                                .arg(view->header()->sectionSize(c))));
      }

    // comparison table: each row title whole, each cell's lines whole in its column and row
    w->showBottomTab(1);
    QTest::qWait(100);
    QTableWidget* table = w->comparison().table();
    // two runs, and rows for every statistic
    QCOMPARE(table->columnCount(), 2);
    QVERIFY(table->rowCount() > 15);
    const int margin =
        2 * (table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1);
    const QFontMetrics titleMetrics(table->verticalHeader()->font());
    // each row title fits the header; each cell's text, wrapped at words, fits its cell
    for (int r = 0; r < table->rowCount(); ++r) {
      const QString title = table->verticalHeaderItem(r)->text();
      QVERIFY2(titleMetrics.horizontalAdvance(title) + margin <= table->verticalHeader()->width(),
               qPrintable(title));
      for (int c = 0; c < table->columnCount(); ++c) {
        const QTableWidgetItem* item = table->item(r, c);
        QVERIFY(item);
        const QRect cell = table->visualItemRect(item);
        const QFontMetrics metrics(item->font());
        const QString text = item->text();
        QVERIFY2(wrappedHeight(metrics, text, cell.width() - margin) <= cell.height(),
                 qPrintable(QString("%1, run %2: '%3' in %4x%5")
                                .arg(title)
                                .arg(c)
                                .arg(text)
                                .arg(cell.width())
                                .arg(cell.height())));
        // a number shown short keeps its whole value in the tooltip (other tooltips say what it is)
        bool number = false, whole = false;
        const double shown = text.toDouble(&number), exact = item->toolTip().toDouble(&whole);
        if (number && whole)
          QVERIFY2(std::abs(shown - exact) <= 5e-3 * std::abs(exact),
                   qPrintable(title + ": " + text + " / " + item->toolTip()));
      }
    }
    // the differences against the reference are there: the w2 run's largest and RMS differences
    bool ok = false;
    QVERIFY(w->comparison().cell("Max |difference|", 1).toDouble(&ok) > 0.0 && ok);
    QVERIFY(w->comparison().cell("RMS difference", 1).toDouble(&ok) > 0.0 && ok);
  }

  // --- the scene's fields and library ------------------------------------------------------------

  // every element of every built-in scene: each field's boxes whole or elided with a tooltip, each
  // name and unit label at its full width, and nothing beyond the panel's width
  void thePropertyFieldsOfEveryElement() {
    const auto w = smallWindow();
    QVERIFY(w);
    ui::PropertyPanel& panel = w->properties();
    int elements = 0;
    // each scene's elements, found as the selectable items of the model tree
    for (const BuiltinScene& s : builtinScenes()) {
      QVERIFY(w->fileActions().openScene(QString::fromStdString(s.name)));
      QStringList pointers;
      for (QTreeWidgetItemIterator it(&w->modelTree()); *it; ++it)
        if ((*it)->flags() & Qt::ItemIsSelectable)
          pointers << (*it)->data(0, Qt::UserRole).toString();
      pointers.removeDuplicates();
      // of a scene of many alike bodies (the 81 bars and 121 pins of the N-four-bar), the first 12
      // of each list
      const bool manyAlike = pointers.filter(QRegularExpression("^/bodies/[0-9]+$")).size() > 40;
      for (const QString& pointer : pointers) {
        if (pointer.count('/') > 2) continue;  // a joint's primitives: not an element of the scene
        if (manyAlike && pointer.count('/') == 2 && pointer.section('/', 2).toInt() >= 12) continue;
        // the element's page laid out at once, then each box and label measured
        w->modelTree().selectPointer(pointer);
        QCOMPARE(panel.pointer(), pointer);
        panel.widget()->layout()->activate();
        QCoreApplication::processEvents();
        const QString where = QString::fromStdString(s.name) + pointer;
        QVERIFY2(panel.widget()->width() <= panel.viewport()->width(), qPrintable(where));
        for (ui::FieldEditor* editor : panel.widget()->findChildren<ui::FieldEditor*>())
          for (const QLineEdit* box : editor->boxes())
            QVERIFY2(shownWhole(box, editor),
                     qPrintable(where + "/" + QString::fromStdString(editor->spec().name) + ": " +
                                box->text()));
        for (const QLabel* label : panel.widget()->findChildren<QLabel*>())
          if (!label->wordWrap() && !label->text().isEmpty())
            QVERIFY2(label->width() >= label->sizeHint().width(),
                     qPrintable(where + ": label '" + label->text() + "'"));
        ++elements;
      }
    }
    // bodies, joints of every type, drivers, force elements, beams, outputs, settings
    QVERIFY2(elements > 150, qPrintable(QString::number(elements)));
  }

  // the built-in scenes' descriptions: whole, wrapped within their rows
  void theSceneLibraryDescriptions() {
    ui::SceneLibraryDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::qWait(50);
    // the dialog fits a 1280x800 screen
    QVERIFY(dialog.width() <= 1280 && dialog.height() <= 800);
    auto* list = dialog.findChild<QTreeWidget*>();
    QVERIFY(list);
    // a row per built-in scene, every column in view
    QCOMPARE(list->topLevelItemCount(), static_cast<int>(builtinScenes().size()));
    QVERIFY(list->header()->length() <= list->viewport()->width());
    const int margin =
        2 * (list->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, list) + 1);
    for (int k = 0; k < list->topLevelItemCount(); ++k) {
      QTreeWidgetItem* item = list->topLevelItem(k);
      const QString text = item->text(3);
      // never cut at a colon or an abbreviation ("Haug ch. 9")
      QCOMPARE(text, QString::fromStdString(loadScene(item->text(0).toStdString()).description));
      const QRect rect = list->visualItemRect(item);
      const int width = list->header()->sectionSize(3) - margin;
      QVERIFY2(wrappedHeight(list->fontMetrics(), text, width) <= rect.height(),
               qPrintable(QString("%1: a row %2 px high, %3 px wide does not hold '%4'")
                              .arg(item->text(0))
                              .arg(rect.height())
                              .arg(width)
                              .arg(text)));
      // the name (beside its icon), bodies and degrees of freedom whole
      for (int c = 0; c < 3; ++c) {
        const int icon = c == 0 ? list->iconSize().width() + margin : 0;
        QVERIFY2(list->fontMetrics().horizontalAdvance(item->text(c)) + margin + icon <=
                     list->header()->sectionSize(c),
                 qPrintable(item->text(c)));
      }
    }
  }

  // --- the run setup -----------------------------------------------------------------------------

  // the integrator list, opened in the window's run setup: each family header painted whole. What
  // is measured is the ink the popup paints on the header's row (the combo's menu delegate keeps
  // room for check marks and elides in its own terms): from its first to its last coloured column
  // it spans the header's text in bold, or the text was cut.
  void theIntegratorGroupHeaders() {
    const auto w = smallWindow();
    QVERIFY(w);
    QComboBox* box = w->runConfig().integratorBox();
    // the list opened as a user opens it, then photographed to measure what it paints
    box->showPopup();
    QListView* view = qobject_cast<QListView*>(box->view());
    QVERIFY(view);
    QTRY_VERIFY(view->isVisible());
    QTest::qWait(50);
    const auto* model = qobject_cast<QStandardItemModel*>(box->model());
    QVERIFY(model);
    const QImage shot = view->viewport()->grab().toImage();
    const qreal scale = shot.devicePixelRatio();
    int headers = 0;
    for (int r = 0; r < model->rowCount(); ++r) {
      const QStandardItem* item = model->item(r);
      if (!item->data(Qt::UserRole).isNull()) continue;  // an integrator, not a family
      const QRect rect = view->visualRect(model->index(r, 0));
      const int ink = inkWidth(shot, QRect(rect.topLeft() * scale, rect.size() * scale)) / scale;
      const int text = QFontMetrics(item->font()).tightBoundingRect(item->text()).width();
      QVERIFY2(ink >= text - 2, qPrintable(QString("'%1' painted %2 px wide, its text is %3")
                                               .arg(item->text())
                                               .arg(ink)
                                               .arg(text)));
      ++headers;
    }
    // at least four families
    QVERIFY(headers >= 4);
    // and the list is on the screen
    const QRect screen = w->screen()->availableGeometry();
    QVERIFY(screen.contains(view->window()->frameGeometry()));
    box->hidePopup();
  }

  // the run setup's fields, at 1280x800 and 1600x1000: each one's text, or its placeholder while
  // empty ("at the steps", "no limit"), whole
  void theRunSetupFields() {
    for (const QSize size : {QSize(1280, 800), QSize(1600, 1000)}) {
      MainWindow w;
      w.resize(size);
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      // the run setup shown and in front, for the squeezer
      auto* dock = w.findChild<QDockWidget*>("runDock");
      QVERIFY(dock);
      dock->show();
      dock->raise();
      QVERIFY(w.fileActions().openScene("andrews-squeezer"));
      QTest::qWait(50);
      int fields = 0;
      // each visible field's text, or its placeholder, against its box's width
      for (const QLineEdit* box : w.runConfig().findChildren<QLineEdit*>()) {
        if (!box->isVisible()) continue;
        const QString text = box->text().isEmpty() ? box->placeholderText() : box->text();
        const int need = widthNeeded(box, text);
        QVERIFY2(need <= box->width(), qPrintable(QString("%1x%2: '%3' needs %4, has %5")
                                                      .arg(size.width())
                                                      .arg(size.height())
                                                      .arg(text)
                                                      .arg(need)
                                                      .arg(box->width())));
        ++fields;
      }
      // at least eight fields measured
      QVERIFY(fields >= 8);
    }
  }
};

QTEST_MAIN(NumbersShownWholeTest)
#include "numbers_shown_whole_test.moc"
