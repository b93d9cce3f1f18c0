#pragma once
// Remembers the window between sessions: geometry, docks and splitters, the plots and their
// quantities, the 3D view's toggles and the scene last opened (QSettings).

#include <QList>
#include <QSize>
#include <QObject>
#include <QString>
#include <QVariantMap>

class QAction;
class QMainWindow;
class QSplitter;

class QWidget;

namespace mbw::ui {

class PlotPanel;

// moves and shrinks a window so that it lies wholly on the screen it is on (or the primary one)
void keepOnScreen(QWidget& window);
// the size of a first window (no saved layout) on a screen with this much room: 1600x1000, or
// the room there is
QSize firstWindowSize(const QSize& available);
// a first window sized and placed on the primary screen's available area
void placeFirstWindow(QWidget& window);
class SceneDocument;

class SettingsBehaviour : public QObject {
  Q_OBJECT

 public:
  SettingsBehaviour(QMainWindow& window, PlotPanel& plots, SceneDocument& doc,
                    QList<QSplitter*> splitters, QList<QAction*> toggles);

  // false when there was no saved window layout
  bool restore();
  // the splitters again, once the window is shown (before, they are laid out in a window of
  // another size and do not keep the user's proportions)
  void restoreSplitters();
  void save() const;
  // the window's layout (geometry, docks, splitters, plots, view toggles), for sessions
  QVariantMap layout() const;
  // false when the map holds no window geometry; without geometry, the window keeps its size, its
  // docks and its splitters (the plots and the view's toggles follow the map)
  bool applyLayout(const QVariantMap& layout, bool geometry = true);
  // the scene of the last session: a built-in name or a file path ("" for none)
  static QString lastScene();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  QMainWindow& window_;
  PlotPanel& plots_;
  SceneDocument& doc_;
  QList<QSplitter*> splitters_;
  QList<QAction*> toggles_;
};

}  // namespace mbw::ui
