// The workbench's icons: every SVG of resources/icons is in the Qt resource file and draws (which
// also needs Qt's svg icon engine, libqt6svg6), each built-in scene has its own icon in the scene
// library, and a scene without one gets the generic icon.

#include <QDir>
#include <QDirIterator>
#include <QImage>
#include <QPixmap>
#include <QTreeWidget>
#include <QtTest>

#include "scene/builtin_scenes.h"
#include "scene_library_dialog.h"
#include "test_paths.h"
#include "workbench_icons.h"

using namespace mbw;

namespace {

// the share of pixels that are not transparent
double coverage(const QIcon& icon, int size) {
  const QImage image = icon.pixmap(size, size).toImage().convertToFormat(QImage::Format_ARGB32);
  if (image.isNull()) return 0.0;
  int opaque = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) opaque += qAlpha(image.pixel(x, y)) > 0;
  return double(opaque) / (image.width() * image.height());
}

}  // namespace

class WorkbenchIconsTest : public QObject {
  Q_OBJECT

 private slots:
  // every SVG under resources/icons is reachable by its resource path and draws something at the
  // toolbar's sizes
  void everyIconFileIsInTheResourcesAndDraws() {
    resources::applicationIcon();  // registers the resources
    QStringList files;
    QDirIterator it(QString(MBW_SOURCE_DIR) + "/resources/icons", {"*.svg"}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
      files << QDir(QString(MBW_SOURCE_DIR) + "/resources").relativeFilePath(it.next());
    QVERIFY(files.size() >= 20);
    // each file by its resource path, drawn at the toolbar's and the menus' sizes
    for (const QString& f : files) {
      const QIcon icon(":/" + f);
      QVERIFY2(!icon.isNull(),
               qPrintable(f + " is not in resources/mbw.qrc, or Qt cannot read SVG"));
      for (int size : {16, 24, 48})
        QVERIFY2(coverage(icon, size) > 0.05, qPrintable(f + " draws nothing"));
    }
  }

  // the application icon covers most of its 256-pixel square
  void theApplicationIconFillsItsSquare() {
    QVERIFY(coverage(resources::applicationIcon(), 256) > 0.7);
  }

  // the toolbar's actions find their icons by name; an unknown name finds none
  void toolbarActionsHaveIcons() {
    for (const char* name : {"scene-library", "save", "undo", "redo", "run", "pause", "cancel",
                             "initial-conditions", "reset-view", "frames", "screenshot"})
      QVERIFY2(!resources::actionIcon(name).isNull(), name);
    QVERIFY(resources::actionIcon("no-such-action").isNull());
  }

  // a user picking a scene from the library tells the built-in scenes apart by their pictures
  void everyBuiltinSceneHasItsOwnIconAndOthersTheGenericOne() {
    // an unknown scene gets the generic icon; each built-in scene has an icon file that differs
    // from it
    const QImage generic = resources::sceneIcon("scene").pixmap(32, 32).toImage();
    QCOMPARE(resources::sceneIcon("no-such-scene").pixmap(32, 32).toImage(), generic);
    for (const BuiltinScene& s : builtinScenes()) {
      const QString name = QString::fromStdString(s.name);
      QVERIFY2(QFile::exists(":/icons/scenes/" + name + ".svg"), qPrintable(name + " has no icon"));
      QVERIFY2(resources::sceneIcon(name).pixmap(32, 32).toImage() != generic, qPrintable(name));
    }
  }

  // the icons reach the dialog where users choose a scene, not only the resource file
  void theSceneLibraryShowsEachScenesIcon() {
    // the scene library lists every built-in scene with an icon, and draws
    ui::SceneLibraryDialog dialog;
    auto* list = dialog.findChild<QTreeWidget*>();
    QVERIFY(list);
    QCOMPARE(list->topLevelItemCount(), int(builtinScenes().size()));
    for (int r = 0; r < list->topLevelItemCount(); ++r)
      QVERIFY2(!list->topLevelItem(r)->icon(0).isNull(),
               qPrintable(list->topLevelItem(r)->text(0)));
    // drawn at the dialog's usual size without a crash
    dialog.resize(900, 420);
    QVERIFY(!dialog.grab().isNull());
  }
};

QTEST_MAIN(WorkbenchIconsTest)
#include "workbench_icons_test.moc"
