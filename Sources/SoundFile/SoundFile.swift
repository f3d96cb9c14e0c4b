// Placeholder: the libsndfile wrapper lands here.
