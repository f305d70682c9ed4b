"""Running the engine on distributed engines (Apache Spark)."""
