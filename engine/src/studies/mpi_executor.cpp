#include "studies/mpi_executor.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace mbw {
namespace {

// --- messages and the local worker ---------------------------------------------------------------

// message tags: a process asks for work, is handed a job (-1: none left), returns a result
enum Tag { kReady = 1, kJob = 2, kResult = 3 };

// waits for a request without spinning: test, then sleep a millisecond
void await(MPI_Request& request) {
  for (int spins = 0;; ++spins) {
    int finished = 0;
    MPI_Test(&request, &finished, MPI_STATUS_IGNORE);
    if (finished) return;
    // after a hundred tests, a millisecond's sleep between them
    if (spins > 100) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

// a job's index (or -1) to a process
void sendJob(int job, int rank) { MPI_Send(&job, 1, MPI_INT, rank, kJob, MPI_COMM_WORLD); }

// a result: the job's index, then its text
std::string resultMessage(int job, const std::string& text) {
  // the job's index as raw bytes, in front of the text
  std::string message(sizeof job, '\0');
  std::memcpy(message.data(), &job, sizeof job);
  return message + text;
}

// the job the calling process's own thread makes, and what it yields
class LocalWorker {
 public:
  explicit LocalWorker(const std::function<std::string(int)>& work)
      : work_(work), thread_([this] { loop(); }) {}
  ~LocalWorker() {
    // tell the thread to quit, then wait for it to end its current job
    {
      std::lock_guard<std::mutex> lock(mutex_);
      quit_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }
  bool idle() {
    // idle: no job under way and no result waiting to be taken
    std::lock_guard<std::mutex> lock(mutex_);
    return !job_ && !result_;
  }
  // a job for the thread, which wakes to make it
  void hand(int job) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = job;
    }
    wake_.notify_one();
  }
  // a finished job and its text, if any; rethrows what the job threw
  std::optional<std::pair<int, std::string>> take() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
    return std::exchange(result_, std::nullopt);
  }

 private:
  void loop() {
    // sleep until handed a job (and the last result was taken) or told to quit
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return quit_ || (job_ && !result_); });
      if (quit_) return;
      const int job = *job_;
      lock.unlock();
      // run the job outside the lock, so that the coordinator can poll meanwhile
      std::pair<int, std::string> result{job, {}};
      std::exception_ptr failure;
      try {
        result.second = work_(job);
      } catch (...) {
        failure = std::current_exception();
      }
      lock.lock();
      // the job is done: keep its result, or what it threw
      job_.reset();
      if (failure)
        failure_ = failure;
      else
        result_ = std::move(result);
    }
  }

  const std::function<std::string(int)>& work_;
  // under the mutex: the job handed, its result or failure, the request to quit
  std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<int> job_;
  std::optional<std::pair<int, std::string>> result_;
  std::exception_ptr failure_;
  bool quit_ = false;
  std::thread thread_;
};

bool launchedByMpi() {
  // the variables the usual MPI launchers (Open MPI, PMIx, MPICH, Intel MPI) set
  for (const char* name :
       {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE", "MPI_LOCALNRANKS"})
    if (std::getenv(name)) return true;
  return false;
}

}  // namespace

// --- the session and the executor ----------------------------------------------------------------

std::unique_ptr<MpiSession> MpiSession::startIfLaunched() {
  // not started by an MPI launcher: no session
  if (!launchedByMpi()) return nullptr;
  return std::unique_ptr<MpiSession>(new MpiSession());
}

MpiSession::MpiSession() {
  // only the main thread calls MPI (funneled); the workers' threads never do
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  // this process's rank and the job's size
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() { MPI_Finalize(); }

void MpiSession::abort(int status) const {
  // one process that cannot go on ends them all
  MPI_Abort(MPI_COMM_WORLD, status);
  std::exit(status);
}

// the executor in words, for the study's progress lines
std::string MpiExecutor::description() const {
  return std::to_string(session_.size()) + " MPI processes, one run each";
}

void MpiExecutor::run(const std::vector<int>& jobs, const std::function<std::string(int)>& work,
                      const std::function<void(int, const std::string&)>& done,
                      const std::function<bool()>& stop) {
  // process 0 coordinates; the others serve until told that no job is left
  if (gathers())
    coordinate(jobs, work, done, stop);
  else
    serve(work);
}

// process 0: hands out the jobs to the other processes and to its own thread, and gathers
void MpiExecutor::coordinate(const std::vector<int>& jobs,
                             const std::function<std::string(int)>& work,
                             const std::function<void(int, const std::string&)>& done,
                             const std::function<bool()>& stop) {
  // the jobs still to hand out, and who holds the others
  std::deque<int> pending(jobs.begin(), jobs.end());
  int outstanding = 0;  // jobs handed to the other processes
  int released = 0;     // processes told that no job is left
  // the processes other than this one
  const int helpers = session_.size() - 1;
  // the first failure, of a job or of done, is thrown once everything has come back
  bool stopping = false;
  std::exception_ptr failure;
  // this process makes jobs too, on a thread of its own
  LocalWorker local(work);
  // no new job once stopping: the processes that ask are released
  auto nextJob = [&]() -> int {
    if (stopping || pending.empty()) return -1;
    const int job = pending.front();
    pending.pop_front();
    return job;
  };
  // a failure in done stops handing out jobs; the jobs under way are still received
  auto gather = [&](int job, const std::string& text) {
    if (failure) return;
    try {
      done(job, text);
    } catch (...) {
      failure = std::current_exception();
      stopping = true;
    }
  };
  // the last poll of the stop, and whether this process's thread holds a job
  auto lastPoll = std::chrono::steady_clock::now();
  bool localBusy = false;
  // until every helper is released and every job handed out has come back
  while (released < helpers || outstanding > 0 || localBusy || (!stopping && !pending.empty())) {
    bool busy = false;
    // a message from another process: asking for work, with or without a result
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    if (flag) {
      busy = true;
      // the message whole, its size first
      int bytes = 0;
      MPI_Get_count(&status, MPI_CHAR, &bytes);
      std::string message(static_cast<size_t>(bytes), '\0');
      MPI_Recv(message.data(), bytes, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      // a result: the job's index, then its text, handed to done
      if (status.MPI_TAG == kResult) {
        --outstanding;
        int job = 0;
        std::memcpy(&job, message.data(), sizeof job);
        gather(job, message.substr(sizeof job));
      }
      // whoever asked gets the next job, or -1: nothing more
      const int job = nextJob();
      sendJob(job, status.MPI_SOURCE);
      if (job < 0)
        ++released;
      else
        ++outstanding;
    }
    // this process's own thread
    try {
      if (auto result = local.take()) {
        busy = true;
        localBusy = false;
        gather(result->first, result->second);
      }
    } catch (...) {
      // a job that threw on this process stops the study; its failure is thrown at the end
      if (!failure) failure = std::current_exception();
      stopping = true;
      localBusy = false;
    }
    // an idle local thread takes the next job
    if (!localBusy && local.idle()) {
      const int job = nextJob();
      if (job >= 0) {
        local.hand(job);
        localBusy = true;
      }
    }
    // the stop request is polled ten times a second
    const auto now = std::chrono::steady_clock::now();
    if (now - lastPoll > std::chrono::milliseconds(100)) {
      lastPoll = now;
      if (!stopping && stop && stop()) stopping = true;
    }
    // a pass that found nothing to do sleeps a millisecond
    if (!busy) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  // everything back: the first failure, if any, to the caller
  if (failure) std::rethrow_exception(failure);
}

// the other processes: ask for a job, make it, return it with the next request
void MpiExecutor::serve(const std::function<std::string(int)>& work) {
  // the first message asks for work; each later one brings a result and asks for more
  std::string message;
  int tag = kReady;
  for (;;) {
    MPI_Send(message.data(), static_cast<int>(message.size()), MPI_CHAR, 0, tag, MPI_COMM_WORLD);
    // wait for the answer without spinning the core the runs need
    int job = -1;
    MPI_Request request;
    MPI_Irecv(&job, 1, MPI_INT, 0, kJob, MPI_COMM_WORLD, &request);
    await(request);
    // -1: no job left, this process is done
    if (job < 0) return;
    // the job made; its result goes with the next request
    message = resultMessage(job, work(job));
    tag = kResult;
  }
}

std::string MpiExecutor::share(const std::string& text) {
  // the size first, so that the other processes can make room
  long size = static_cast<long>(text.size());
  MPI_Request request;
  MPI_Ibcast(&size, 1, MPI_LONG, 0, MPI_COMM_WORLD, &request);
  await(request);
  // process 0 sends its text; the others receive into room of that size
  std::string shared = gathers() ? text : std::string(static_cast<size_t>(size), '\0');
  // in pieces that an int can count
  const long piece = 1L << 30;
  for (long at = 0; at < size; at += piece) {
    MPI_Ibcast(shared.data() + at, static_cast<int>(std::min(piece, size - at)), MPI_CHAR, 0,
               MPI_COMM_WORLD, &request);
    await(request);
  }
  return shared;
}

}  // namespace mbw
