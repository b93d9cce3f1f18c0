#include "studies/sweep_job.h"

#include <cstdlib>
#include <exception>

#ifdef MBW_HAVE_MPI
#include "studies/mpi_executor.h"
#endif

namespace mbw {

#ifndef MBW_HAVE_MPI
// a build without MPI is never launched as a job: it runs sweeps on local threads only
class MpiSession {
 public:
  static std::unique_ptr<MpiSession> startIfLaunched() { return nullptr; }
  int rank() const { return 0; }
  int size() const { return 1; }
  [[noreturn]] void abort(int status) const { std::exit(status); }
};
#endif

SweepJob::SweepJob(int jobs) : mpi_(MpiSession::startIfLaunched()) {
  // the processes of a job of several, else this machine's threads
#ifdef MBW_HAVE_MPI
  if (mpi_ && mpi_->size() > 1) {
    executor_ = std::make_unique<MpiExecutor>(*mpi_);
    return;
  }
#endif
  executor_ = std::make_unique<ThreadPoolExecutor>(jobs);
}

// (the executor, declared after the session, ends before MPI does)
SweepJob::~SweepJob() = default;

// launched: started as a process of an MPI job
bool SweepJob::launched() const { return mpi_ != nullptr; }

// this process's rank and the job's size; alone, rank 0 of 1
int SweepJob::rank() const { return mpi_ ? mpi_->rank() : 0; }

int SweepJob::size() const { return mpi_ ? mpi_->size() : 1; }

// ends the whole job, or this process alone
void SweepJob::abort(int status) const {
  if (mpi_) mpi_->abort(status);
  std::exit(status);
}

// alone, errors go to the caller; in a job, one process's error ends the job
int SweepJob::run(const std::function<int()>& body,
                  const std::function<void(const std::string&)>& report, int errorStatus) const {
  if (!launched()) return body();
  try {
    return body();
  } catch (const std::exception& e) {
    // only the first process speaks; the others of a job of several end with it
    if (rank() != 0) return errorStatus;
    report(e.what());
    if (size() > 1) abort(errorStatus);
    return errorStatus;
  }
}

}  // namespace mbw
