import RepoWatchSite

extension BuildCommand {
    /// The build options as parsed; `serve` embeds `build`'s options and builds with these.
    var buildOptions: BuildOptions {
        var options = BuildOptions()
        options.configPath = configOption.config
        options.outputPath = output
        options.apiURL = apiURL
        options.offline = offline
        options.sample = sample
        options.jobs = jobs
        options.baseURL = baseURL
        options.cachePath = cacheDir
        options.timeout = timeout
        options.maxWait = maxWait
        options.retry = RetryPolicy(attempts: retries)
        options.verbose = verbose
        return options
    }
}
