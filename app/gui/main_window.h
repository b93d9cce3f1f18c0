#pragma once
// The workbench window. It lays out the panels (model tree and properties on the left, run setup
// on the right, the 3D view with its playback bar beside the plots in the middle, the run list and
// the comparison table below) and wires them; every action and cross-cutting behaviour is a class
// of its own in ui/.

#include <QMainWindow>
#include <memory>

class QAction;
class QHBoxLayout;
class QMenu;
class QToolBar;
class QTabWidget;
class QSplitter;

namespace mbw::ui {
class AboutAction;
class AttachMeshAction;
class BodyHandle;
class CloseGuard;
class ComparisonTable;
class ExportActions;
class FrameScheduler;
class HelpActions;
class InitialConditionsAction;
class JointTool;
class ModelCheckPanel;
class ModelTree;
class PlaybackBar;
class PlaybackController;
class PlotPanel;
class PropertyPanel;
class ResponsivenessMonitor;
class RunActions;
class RunConfigPanel;
class RunController;
class RunLibrary;
class RunListPanel;
class RunStatusIndicator;
class SceneDocument;
class SceneEditActions;
class SceneFileActions;
class SceneScopeBehaviour;
class SceneView;
class SessionActions;
class SettingsBehaviour;
class SignalBrowser;
class VideoExportAction;
class ViewActions;
class ViewSync;
}  // namespace mbw::ui

namespace mbw::gui {

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  ui::SceneDocument& document() const { return *doc_; }
  ui::RunLibrary& runs() const { return *runs_; }
  ui::RunController& controller() const { return *controller_; }
  ui::RunConfigPanel& runConfig() const { return *config_; }
  ui::PlotPanel& plots() const { return *plots_; }
  ui::SceneView& sceneView() const { return *view_; }
  ui::ModelTree& modelTree() const { return *tree_; }
  ui::ModelCheckPanel& modelCheck() const { return *check_; }
  ui::PropertyPanel& properties() const { return *properties_; }
  ui::RunListPanel& runList() const { return *runList_; }
  ui::PlaybackController& playback() const { return *playback_; }
  ui::PlaybackBar& playbackBar() const { return *playbackBar_; }
  ui::RunActions& runActions() const { return *runActions_; }
  ui::SceneFileActions& fileActions() const { return *fileActions_; }
  ui::ExportActions& exportActions() const { return *exportActions_; }
  ui::ResponsivenessMonitor& monitor() const { return *monitor_; }
  ui::SettingsBehaviour& settings() const { return *settings_; }
  ui::RunStatusIndicator& runStatus() const { return *runStatus_; }
  ui::FrameScheduler& frameScheduler() const { return *frames_; }
  ui::SignalBrowser& signalBrowser() const { return *signals_; }
  ui::SessionActions& sessions() const { return *sessions_; }
  ui::VideoExportAction& videoExport() const { return *video_; }
  ui::ViewActions& viewActions() const { return *viewActions_; }
  ui::ComparisonTable& comparison() const { return *comparison_; }
  ui::CloseGuard& closeGuard() const { return *closeGuard_; }
  ui::HelpActions& help() const { return *help_; }
  ui::JointTool& jointTool() const { return *jointTool_; }
  ui::BodyHandle& bodyHandle() const { return *bodyHandle_; }
  ui::AttachMeshAction& attachMesh() const { return *attachMesh_; }
  // 0: the run list, 1: the comparison table
  void showBottomTab(int index);
  // the window as the last session left it (false: no saved layout: the window is fitted to the
  // screen and the default layout applies)
  bool restoreSettings();

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void buildPanels();
  void buildActions();
  // the menu bar, one menu each, and the main toolbar
  void buildMenus();
  QMenu* buildFileMenu();
  QMenu* buildEditMenu(QAction* undo, QAction* redo);
  QMenu* buildViewMenu();
  QMenu* buildRunMenu();
  QMenu* buildHelpMenu();
  void buildMainToolBar(QAction* undo, QAction* redo);
  void wire();
  void updateTitle();
  void defaultLayout();

  // the scene and the runs; the controller goes first when the window does
  std::unique_ptr<ui::SceneDocument> doc_;
  std::unique_ptr<ui::RunLibrary> runs_;
  std::unique_ptr<ui::RunController> controller_;

  ui::FrameScheduler* frames_ = nullptr;
  ui::SceneView* view_ = nullptr;
  ui::PlotPanel* plots_ = nullptr;
  ui::ModelTree* tree_ = nullptr;
  ui::ModelCheckPanel* check_ = nullptr;
  ui::PropertyPanel* properties_ = nullptr;
  ui::RunConfigPanel* config_ = nullptr;
  ui::RunListPanel* runList_ = nullptr;
  ui::ComparisonTable* comparison_ = nullptr;
  ui::SignalBrowser* signals_ = nullptr;
  ui::PlaybackController* playback_ = nullptr;
  ui::PlaybackBar* playbackBar_ = nullptr;
  QSplitter* centralSplitter_ = nullptr;
  QSplitter* viewSplitter_ = nullptr;
  QSplitter* sceneSplitter_ = nullptr;
  QHBoxLayout* runButtons_ = nullptr;
  QToolBar* viewBar_ = nullptr;
  QTabWidget* bottomTabs_ = nullptr;
  bool layoutRestored_ = false;
  bool firstStart_ = false;  // no saved layout: the window was fitted to the screen
  bool shown_ = false;

  ui::ViewSync* viewSync_ = nullptr;
  ui::SceneFileActions* fileActions_ = nullptr;
  ui::SceneEditActions* editActions_ = nullptr;
  ui::RunActions* runActions_ = nullptr;
  ui::ExportActions* exportActions_ = nullptr;
  ui::ViewActions* viewActions_ = nullptr;
  ui::InitialConditionsAction* initialConditions_ = nullptr;
  ui::JointTool* jointTool_ = nullptr;
  ui::BodyHandle* bodyHandle_ = nullptr;
  ui::AttachMeshAction* attachMesh_ = nullptr;
  ui::AboutAction* about_ = nullptr;
  ui::HelpActions* help_ = nullptr;
  ui::RunStatusIndicator* runStatus_ = nullptr;
  ui::ResponsivenessMonitor* monitor_ = nullptr;
  ui::SettingsBehaviour* settings_ = nullptr;
  ui::CloseGuard* closeGuard_ = nullptr;
  ui::SceneScopeBehaviour* sceneScope_ = nullptr;
  ui::SessionActions* sessions_ = nullptr;
  ui::VideoExportAction* video_ = nullptr;
};

}  // namespace mbw::gui
