#include "simulation/csv_stream.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "simulation/csv.h"

namespace mbw {
namespace {

// rows gather in a 64 KiB buffer, written out when it is full or a second has passed
constexpr size_t kBufferBytes = 1 << 16;
constexpr std::chrono::seconds kFlushInterval(1);

std::string systemError(int error) { return std::strerror(error); }

}  // namespace

CsvStreamWriter::CsvStreamWriter(std::string path) : path_(std::move(path)) {
  // refuse a directory before truncating anything
  struct stat st {};
  if (::stat(path_.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
    throw CsvError("cannot write '" + path_ + "': it is a directory");
  // a fresh (truncated) file, written by write() from the writer's own buffer
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) throw CsvError("cannot write '" + path_ + "': " + systemError(errno));
  // room for a row past the flush threshold
  buffer_.reserve(kBufferBytes + 4096);
  lastFlush_ = Clock::now();
}

CsvStreamWriter::~CsvStreamWriter() {
  // a run that never ended (an exception) leaves what was recorded, status "running"
  if (fd_ >= 0 && failure_.empty()) flush();
  close();
}

void CsvStreamWriter::begin(const Results& run) {
  // the row width, for every row to come
  columns_ = run.columnCount();
  // the preamble, with the place of the status value remembered for end()
  const std::string preamble = csvPreamble(run);
  const size_t status = preamble.find("\n# status: ");
  statusOffset_ = fileSize_ + static_cast<long long>(status + std::strlen("\n# status: "));
  buffer_ += preamble;
  flush();
}

void CsvStreamWriter::row(const double* values) {
  // nothing more after a failed write
  if (!failure_.empty()) return;
  // rows go out when the buffer is full or a second has passed, so that a live run's file keeps up
  appendCsvRow(values, columns_, buffer_);
  ++bufferedRows_;
  if (buffer_.size() >= kBufferBytes || Clock::now() - lastFlush_ >= kFlushInterval) flush();
}

void CsvStreamWriter::runEvent(const RunEvent& e) {
  // events go into the buffer, in order with the rows
  if (failure_.empty()) buffer_ += csvEventLine(e);
}

void CsvStreamWriter::end(const Results& run) {
  // a closed writer (end() ran, or open failed) writes nothing
  if (fd_ < 0) return;
  // the trailer, unless a write already failed
  if (failure_.empty()) {
    buffer_ += csvTrailer(run);
    flush();
  }
  // the status line, in place: its bytes are already on the disk
  if (statusOffset_ >= 0) {
    const std::string status = csvStatusField(run.status);
    if (::pwrite(fd_, status.data(), status.size(), statusOffset_) !=
            static_cast<ssize_t>(status.size()) &&
        failure_.empty())
      failure_ = "writing '" + path_ + "' failed: " + systemError(errno);
  }
  close();
}

// writes the buffer; on failure cuts the file back to its last whole line (a write the disk or a
// file size limit cut short keeps the whole lines it wrote)
void CsvStreamWriter::flush() {
  lastFlush_ = Clock::now();
  if (fd_ < 0 || buffer_.empty()) return;
  size_t done = 0;
  // the whole buffer, retrying an interrupted write
  while (done < buffer_.size()) {
    const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      failure_ = "writing '" + path_ + "' failed: " + systemError(n < 0 ? errno : ENOSPC);
      // the whole lines written: up to the last newline within what went out
      const size_t lastNewline = done > 0 ? buffer_.rfind('\n', done - 1) : std::string::npos;
      const size_t whole = lastNewline == std::string::npos ? 0 : lastNewline + 1;
      // the rows among those lines (the others are events: "# event: ...")
      for (size_t line = 0; line < whole; line = buffer_.find('\n', line) + 1)
        rowsWritten_ += buffer_[line] != '#';
      // the file cut back to those lines, and writing resumes there
      fileSize_ += static_cast<long long>(whole);
      if (::ftruncate(fd_, fileSize_) == 0) ::lseek(fd_, fileSize_, SEEK_SET);
      buffer_.clear();
      bufferedRows_ = 0;
      return;
    }
    done += static_cast<size_t>(n);
  }
  // all written: the rows counted as on the disk
  fileSize_ += static_cast<long long>(buffer_.size());
  rowsWritten_ += bufferedRows_;
  bufferedRows_ = 0;
  buffer_.clear();
}

// closes the file, at most once
void CsvStreamWriter::close() {
  // a failure to close is kept unless an earlier one is
  if (fd_ >= 0 && ::close(fd_) != 0 && failure_.empty())
    failure_ = "closing '" + path_ + "' failed: " + systemError(errno);
  fd_ = -1;
}

}  // namespace mbw
