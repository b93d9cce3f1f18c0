#pragma once
// What the study dialog runs: either a work-precision study of a scene (the scene being edited
// or a built-in one; the integrators ticked; rtol = atol for those that choose their steps and
// fixed steps for the others; t_end, formulation, compared outputs, repetitions), built by the
// engine's makeWorkPrecisionStudy as `mbw-cli study work-precision` does, or a study file read by
// the engine's readStudyFile as `mbw-cli sweep` does. Errors say which field (or, for a study
// file, which JSON path) is wrong.

#include <QStringList>
#include <QWidget>
#include <memory>
#include <vector>

#include "studies/work_precision.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;
class QTabWidget;

namespace mbw::ui {

struct StudyRequest {
  Study study;
  std::vector<std::shared_ptr<const Model>> models;  // one per scene variant
  ErrorMeasure measure = ErrorMeasure::Max;
  QString title;
};

class StudySetupForm : public QWidget {
  Q_OBJECT

 public:
  explicit StudySetupForm(QWidget* parent = nullptr);

  // the scene being edited in the workbench (nullptr: none), offered first
  void setCurrentScene(std::shared_ptr<const Model> model, const QString& name);
  // Builds the study; false with the reason when the form does not describe one.
  bool build(StudyRequest* request, QString* error) const;
  // runs at once (0: one per core) and the results table ("" for none)
  int jobs() const;
  QString tableFile() const;

  // the fields, for scripts and tests
  bool setScene(const QString& name);  // a built-in scene, or "" for the scene being edited
  void setIntegrators(const QStringList& names);
  void setTolerances(const QString& list);
  void setSteps(const QString& list);
  void setTEnd(double tEnd);
  void setOutputs(const QString& list);
  void setJobs(int jobs);
  bool setFormulation(const QString& name);  // false: not offered
  void setTableFile(const QString& path);
  void useStudyFile(const QString& path);  // "" goes back to the scene's study

 private:
  // the form's parts: the two tabs' pages, and the settings below them
  QWidget* buildSceneTab();
  QWidget* buildFileTab();
  QFormLayout* buildCommonSettings();
  // the scene chosen (nullptr: none)
  std::shared_ptr<const Model> chosenScene() const;
  // the formulation and end time of the scene chosen become the form's defaults
  void showSceneDefaults();
  bool buildSceneStudy(StudyRequest* request, QString* error) const;
  bool buildFileStudy(StudyRequest* request, QString* error) const;
  void browseStudyFile();
  void browseTable();
  void describeStudyFile();

  QTabWidget* tabs_;
  std::shared_ptr<const Model> current_;
  QString currentName_;
  QComboBox* scene_;
  QComboBox* formulation_;
  QLineEdit* tEnd_;
  QListWidget* integrators_;
  QLineEdit* tolerances_;
  QLineEdit* steps_;
  QLineEdit* outputs_;
  QSpinBox* repeat_;
  QLineEdit* studyFile_;
  QLabel* fileSummary_;
  QSpinBox* jobs_;
  QLineEdit* table_;
};

}  // namespace mbw::ui
